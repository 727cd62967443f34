import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { defaultProcedure, ProcedureMessages } from "../../src/shared/schemas/procedure.ts";
import { officeClock } from "../support/clock.ts";
import { fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The contract's holidays on top of the region's (issue 30, product-decisions.md 34): a
 * private-sector contract that works Columbus Day and grants the day after Thanksgiving. Today
 * is Monday 23 November 2026 in New York; the region is US.
 */
const clock = officeClock();
let t: TestApp;
let org: TestOrganization;

const CONTRACT = {
  removed: ["2026-10-12"],
  added: [{ date: "2026-11-27", name: "Day after Thanksgiving" }],
};

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Holiday Local 30");
});
afterAll(() => t.close());

const put = (body: unknown, client = org.admin.client) =>
  client.request("PUT", "/api/organization/procedure", body);
const preview = async (from: string, days: number) => {
  const res = await org.steward.client.get(
    `/api/procedure/deadline-preview?from=${from}&days=${days}&dayType=business`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { dueDate: string; explanation: string[] };
};

describe("contract holidays in the procedure", () => {
  it("count in the preview, each named by its list, and a worked public holiday counts as a day", async () => {
    // Before: Thanksgiving only; Columbus Day skipped.
    expect((await preview("2026-11-25", 2)).dueDate).toBe("2026-11-30");
    expect((await preview("2026-10-09", 1)).explanation).toContain(
      "skipped Mon 12 Oct (Columbus Day, public holiday)",
    );

    const res = await put({ ...defaultProcedure(), holidays: CONTRACT });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().holidays).toEqual(CONTRACT);
    expect((await org.member.client.get("/api/organization/procedure")).json().holidays).toEqual(
      CONTRACT,
    );

    expect(await preview("2026-11-25", 2)).toMatchObject({
      dueDate: "2026-12-01",
      explanation: [
        "Deadline: 2 business days from Wed 25 Nov 2026 (filed)",
        "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
        "skipped Fri 27 Nov (Day after Thanksgiving, contract holiday)",
        "skipped weekend 28 to 29 Nov",
        "due Tue 1 Dec 2026",
      ],
    });
    // Columbus Day is worked under this contract.
    expect(await preview("2026-10-09", 1)).toMatchObject({
      dueDate: "2026-10-12",
      explanation: [
        "Deadline: 1 business day from Fri 9 Oct 2026 (filed)",
        "skipped weekend 10 to 11 Oct",
        "due Mon 12 Oct 2026",
      ],
    });
  });

  it("count in the deadlines stored with a grievance filed afterwards", async () => {
    const { id } = await fileGrievance(org.member.client, { incidentDate: "2026-11-20" });
    const g = (await org.steward.client.get(`/api/grievances/${id}`)).json() as TGrievance;
    const response = g.deadlines.find((d) => d.kind === "response");
    // 10 business days from Mon 23 Nov: Thanksgiving and the day after are both skipped.
    expect(response?.dueDate).toBe("2026-12-09");
    expect(response?.explanation).toContain(
      "skipped Fri 27 Nov (Day after Thanksgiving, contract holiday)",
    );
    expect(response?.explanation).toContain(
      "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
    );
  });

  it("stay when a body leaves them out, and go when the admin empties them", async () => {
    const { holidays: _h, ...withoutHolidays } = defaultProcedure();
    expect((await put(withoutHolidays)).json().holidays).toEqual(CONTRACT);
    const emptied = await put({ ...defaultProcedure(), holidays: { removed: [], added: [] } });
    expect(emptied.json().holidays).toEqual({ removed: [], added: [] });
    expect((await preview("2026-11-25", 2)).dueDate).toBe("2026-11-30");
    expect((await put({ ...defaultProcedure(), holidays: CONTRACT })).statusCode).toBe(200);
  });

  it("refuses bad lists with 400 in plain words and changes nothing", async () => {
    const before = (await org.admin.client.get("/api/organization/procedure")).body;
    const cases: [unknown, string, string][] = [
      // Not a public holiday of the region (the day after Thanksgiving is no federal holiday).
      [
        { removed: ["2026-11-27"], added: [] },
        "holidays.removed.0",
        ProcedureMessages.holidayNotPublic,
      ],
      [
        { removed: ["2026-10-12", "2026-10-12"], added: [] },
        "holidays.removed.1",
        ProcedureMessages.holidayDuplicate,
      ],
      [
        {
          removed: [],
          added: [
            { date: "2026-11-27", name: "Day after Thanksgiving" },
            { date: "2026-11-27", name: "Again" },
          ],
        },
        "holidays.added.1.date",
        ProcedureMessages.holidayDuplicate,
      ],
      [
        { removed: [], added: [{ date: "2026-11-27", name: "  " }] },
        "holidays.added.0.name",
        ProcedureMessages.holidayName,
      ],
      [
        { removed: [], added: [{ date: "2026-02-30", name: "No such day" }] },
        "holidays.added.0.date",
        ProcedureMessages.date,
      ],
      [
        {
          removed: [],
          added: Array.from({ length: 101 }, (_, i) => ({
            date: `2027-${String(1 + Math.floor(i / 28)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
            name: "x",
          })),
        },
        "holidays.added",
        ProcedureMessages.holidaysMax,
      ],
    ];
    for (const [holidays, field, message] of cases) {
      const res = await put({ ...defaultProcedure(), holidays });
      expect(res.statusCode, JSON.stringify(holidays).slice(0, 80)).toBe(400);
      expect(res.json().error.fields[field], res.body).toBe(message);
    }
    // With no region there is no public holiday to remove.
    const none = await put({ ...defaultProcedure(), holidayRegion: null, holidays: CONTRACT });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(ProcedureMessages.holidayNotPublic);
    expect((await org.admin.client.get("/api/organization/procedure")).body).toBe(before);
  });

  it("refuses stewards and members", async () => {
    for (const who of [org.steward, org.member]) {
      const res = await put(
        { ...defaultProcedure(), holidays: { removed: [], added: [] } },
        who.client,
      );
      expect(res.statusCode).toBe(403);
    }
    expect((await org.admin.client.get("/api/organization/procedure")).json().holidays).toEqual(
      CONTRACT,
    );
  });
});

describe("GET /api/procedure/public-holidays", () => {
  it("lists a region's public holidays of a year, observed days included, for the editor", async () => {
    const res = await org.member.client.get("/api/procedure/public-holidays?region=US&year=2028");
    expect(res.statusCode, res.body).toBe(200);
    const { holidays } = res.json() as { holidays: { date: string; name: string }[] };
    expect(holidays.map((h) => h.date)).toEqual([
      "2028-01-01",
      "2028-01-17",
      "2028-02-21",
      "2028-05-29",
      "2028-06-19",
      "2028-07-04",
      "2028-09-04",
      "2028-10-09",
      "2028-11-10",
      "2028-11-11",
      "2028-11-23",
      "2028-12-25",
    ]);
    expect(holidays.find((h) => h.date === "2028-11-10")?.name).toBe(
      "Veterans Day (substitute day)",
    );
    // Issue 31: each day named in every language, for the reader's (the library has no French
    // for Thanksgiving, the catalogue names it).
    const thanksgiving = res.json().holidays.find((h: { date: string }) => h.date === "2028-11-23");
    expect(thanksgiving.names).toEqual({
      en: "Thanksgiving Day",
      es: "Acción de Gracias",
      "fr-CA": "Action de grâce",
    });
  });

  it("answers 400 in plain words for an unknown region or a bad year, 401 signed out", async () => {
    const c = org.member.client;
    const zz = await c.get("/api/procedure/public-holidays?region=ZZ&year=2026");
    expect(zz.statusCode).toBe(400);
    expect(zz.json().error.message).toBe(ProcedureMessages.region);
    for (const year of ["20x6", "99", "3000", ""]) {
      const res = await c.get(`/api/procedure/public-holidays?region=US&year=${year}`);
      expect(res.statusCode, year).toBe(400);
      expect(res.json().error.fields.year).toBe(ProcedureMessages.year);
    }
    expect(
      (await t.client().get("/api/procedure/public-holidays?region=US&year=2026")).statusCode,
    ).toBe(401);
  });
});
