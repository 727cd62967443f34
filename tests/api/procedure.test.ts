import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { loadProcedure } from "../../src/server/lib/procedure/index.ts";
import { defaultProcedure, ProcedureMessages } from "../../src/shared/schemas/procedure.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let org: TestOrganization;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Procedure Local 17");
});
afterAll(() => t.close());

const fiveDays = { days: 5, dayType: "business" } as const;
const validBody = () => ({
  filingLimit: { days: 21, dayType: "calendar" },
  steps: [
    { name: "Step 1", responseLimit: fiveDays, appealLimit: { days: 15, dayType: "calendar" } },
    { name: "Arbitration", responseLimit: null, appealLimit: null },
  ],
  holidayRegion: "CA-ON",
  closures: [
    { date: "2026-12-28", name: "Office closed" },
    { date: "2026-11-27", name: "Union office closed" },
  ],
  timeZone: "America/Toronto",
});

describe("GET /api/organization/procedure", () => {
  it("gives every member a new organization's default procedure, stored with it", async () => {
    const fresh = await createOrganization(t, "Fresh Local 18");
    for (const person of [fresh.member, fresh.steward, fresh.admin]) {
      const res = await person.client.get("/api/organization/procedure");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaultProcedure());
      expect(res.json().steps.map((s: { name: string }) => s.name)).toEqual([
        "Step 1",
        "Step 2",
        "Step 3",
        "Arbitration",
      ]);
    }
    const stored = await withTenant(t.db, fresh.id, (trx) =>
      trx.selectFrom("grievanceProcedures").select(["timeZone", "holidayRegion"]).execute(),
    );
    expect(stored).toEqual([{ timeZone: "America/New_York", holidayRegion: "US" }]);
  });

  it("falls back to the default for an organization with no stored procedure", async () => {
    const bare = await createOrganization(t, "Bare Local 19");
    await withTenant(t.db, bare.id, (trx) =>
      trx.deleteFrom("grievanceProcedures").where("organizationId", "=", bare.id).execute(),
    );
    expect((await bare.member.client.get("/api/organization/procedure")).json()).toEqual(
      defaultProcedure(),
    );
    // loadProcedure binds the organization itself when given the plain database.
    await bare.admin.client.request("PUT", "/api/organization/procedure", {
      ...defaultProcedure(),
      timeZone: "Pacific/Auckland",
    });
    expect((await loadProcedure(t.db, bare.id)).timeZone).toBe("Pacific/Auckland");
    expect((await loadProcedure(t.db, org.id)).timeZone).toBe("America/New_York");
  });

  it("answers 401 without a session", async () => {
    expect((await t.client().get("/api/organization/procedure")).statusCode).toBe(401);
  });
});

describe("PUT /api/organization/procedure", () => {
  it("lets an admin replace it; closures come back in date order; members read it", async () => {
    const res = await org.admin.client.request("PUT", "/api/organization/procedure", validBody());
    expect(res.statusCode).toBe(200);
    // A body from before issue 20 has no onNoAnswer: each step gets the default rule; one
    // from before issue 33 keeps the information request settings (here the defaults).
    const expected = {
      ...validBody(),
      informationResponseLimit: { days: 10, dayType: "business" },
      tollWhileInformationPending: false,
      steps: validBody().steps.map((step) => ({ ...step, onNoAnswer: "deemed_denied" })),
      closures: [
        { date: "2026-11-27", name: "Union office closed" },
        { date: "2026-12-28", name: "Office closed" },
      ],
      // A body without issue 30's contract holidays keeps them (none here).
      holidays: { removed: [], added: [] },
      // A body without issue 34's settings keeps them (the defaults here).
      contactLimit: { days: 10, dayType: "business" },
      replyLimit: { days: 2, dayType: "business" },
      internalAppeal: null,
    };
    expect(res.json()).toEqual(expected);
    expect((await org.member.client.get("/api/organization/procedure")).json()).toEqual(expected);
  });

  it("keeps the information request settings when a body leaves them out (issue 33)", async () => {
    const set = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...validBody(),
      informationResponseLimit: { days: 15, dayType: "calendar" },
      tollWhileInformationPending: true,
    });
    expect(set.json()).toMatchObject({
      informationResponseLimit: { days: 15, dayType: "calendar" },
      tollWhileInformationPending: true,
    });
    const kept = await org.admin.client.request("PUT", "/api/organization/procedure", validBody());
    expect(kept.json()).toMatchObject({
      informationResponseLimit: { days: 15, dayType: "calendar" },
      tollWhileInformationPending: true,
    });
    const bad = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...validBody(),
      informationResponseLimit: { days: 0, dayType: "business" },
    });
    expect(bad.statusCode).toBe(400);
    await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...validBody(),
      informationResponseLimit: { days: 10, dayType: "business" },
      tollWhileInformationPending: false,
    });
  });

  it("keeps each step's rule for an unanswered step, and refuses an unknown one", async () => {
    const body = validBody();
    const steps = [{ ...body.steps[0], onNoAnswer: "none" }, body.steps[1]];
    const res = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...body,
      steps,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().steps.map((step: { onNoAnswer: string }) => step.onNoAnswer)).toEqual([
      "none",
      "deemed_denied",
    ]);
    const bad = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...body,
      steps: [{ ...body.steps[0], onNoAnswer: "granted" }, body.steps[1]],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["steps.0.onNoAnswer"]);
  });

  it("keeps the time zone when the body has none, and accepts no holiday region", async () => {
    const { timeZone: _omitted, ...body } = validBody();
    const res = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...body,
      holidayRegion: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: "America/Toronto", holidayRegion: null });
  });

  it("refuses stewards and members with 403 and changes nothing", async () => {
    const before = (await org.admin.client.get("/api/organization/procedure")).json();
    for (const person of [org.steward, org.member]) {
      const res = await person.client.request("PUT", "/api/organization/procedure", {
        ...validBody(),
        steps: [{ name: "Only", responseLimit: null, appealLimit: null }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect((await org.admin.client.get("/api/organization/procedure")).json()).toEqual(before);
  });

  const invalid: [string, (b: ReturnType<typeof validBody>) => unknown, string, string][] = [
    ["no step", (b) => ({ ...b, steps: [] }), "steps", ProcedureMessages.stepsMin],
    [
      "0 days",
      (b) => ({ ...b, filingLimit: { days: 0, dayType: "calendar" } }),
      "filingLimit.days",
      ProcedureMessages.days,
    ],
    [
      "366 days",
      (b) => ({
        ...b,
        steps: [{ ...b.steps[0], responseLimit: { days: 366, dayType: "business" } }, b.steps[1]],
      }),
      "steps.0.responseLimit.days",
      ProcedureMessages.days,
    ],
    [
      "an unknown day type",
      (b) => ({ ...b, filingLimit: { days: 5, dayType: "working" } }),
      "filingLimit.dayType",
      "",
    ],
    [
      "an appeal from the last step",
      (b) => ({ ...b, steps: [b.steps[0], { ...b.steps[1], appealLimit: fiveDays }] }),
      "steps.1.appealLimit",
      ProcedureMessages.lastStepAppeal,
    ],
    [
      "a step without a name",
      (b) => ({ ...b, steps: [{ ...b.steps[0], name: "  " }, b.steps[1]] }),
      "steps.0.name",
      ProcedureMessages.stepName,
    ],
    [
      "the same closure date twice",
      (b) => ({ ...b, closures: [...b.closures, { date: "2026-11-27", name: "Again" }] }),
      "closures.2.date",
      ProcedureMessages.closureDuplicate,
    ],
    [
      "a date that does not exist",
      (b) => ({ ...b, closures: [{ date: "2027-02-29", name: "Leap" }] }),
      "closures.0.date",
      ProcedureMessages.date,
    ],
    [
      "a region date-holidays does not know",
      (b) => ({ ...b, holidayRegion: "US-ZZ" }),
      "holidayRegion",
      ProcedureMessages.region,
    ],
    [
      "a region in the wrong form",
      (b) => ({ ...b, holidayRegion: "Ontario" }),
      "holidayRegion",
      ProcedureMessages.region,
    ],
    [
      "a time zone that does not exist",
      (b) => ({ ...b, timeZone: "Mars/Olympus_Mons" }),
      "timeZone",
      ProcedureMessages.timeZone,
    ],
    [
      "eleven steps",
      (b) => ({
        ...b,
        steps: [...Array(10).fill(b.steps[0]), b.steps[1]],
      }),
      "steps",
      ProcedureMessages.stepsMax,
    ],
  ];
  for (const [what, change, field, message] of invalid) {
    it(`answers 400 for ${what}, naming the field`, async () => {
      const res = await org.admin.client.request(
        "PUT",
        "/api/organization/procedure",
        change(validBody()),
      );
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(error.fields)).toContain(field);
      if (message) expect(error.fields[field]).toBe(message);
    });
  }
});

describe("GET /api/procedure/deadline-preview", () => {
  it("counts with the organization's holidays and closures, and explains", async () => {
    await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...validBody(),
      holidayRegion: "US",
    });
    const res = await org.member.client.get(
      "/api/procedure/deadline-preview?from=2026-11-23&days=5&dayType=business",
    );
    expect(res.statusCode).toBe(200);
    const { lines, ...english } = res.json();
    expect(english).toEqual({
      dueDate: "2026-12-02",
      explanation: [
        "Deadline: 5 business days from Mon 23 Nov 2026 (filed)",
        "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
        "skipped Fri 27 Nov (Union office closed)",
        "skipped weekend 28 to 29 Nov",
        "due Wed 2 Dec 2026",
      ],
    });
    // The lines the browser renders (issue 31): the holiday by day and region, named by the
    // holiday library in each language (French from the holidays catalogue, which the library
    // lacks for the US); the closure as the local named it.
    expect(lines[1]).toEqual({
      kind: "line.skipped",
      params: {
        day: "2026-11-26",
        reason: {
          type: "holiday",
          region: "US",
          contract: false,
          name: "Thanksgiving Day",
          names: { en: "Thanksgiving Day", es: "Acción de Gracias", "fr-CA": "Action de grâce" },
        },
      },
    });
    expect(lines[2]).toEqual({
      kind: "line.skipped",
      params: { day: "2026-11-27", reason: { type: "closure", name: "Union office closed" } },
    });
  });

  it("changes when the procedure changes: without the closure, due Tuesday 1 December", async () => {
    await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...validBody(),
      holidayRegion: "US",
      closures: [],
    });
    const res = await org.admin.client.get(
      "/api/procedure/deadline-preview?from=2026-11-23&days=5&dayType=business",
    );
    expect(res.json().dueDate).toBe("2026-12-01");
    const calendar = await org.admin.client.get(
      "/api/procedure/deadline-preview?from=2026-11-23&days=12&dayType=calendar",
    );
    expect(calendar.json().dueDate).toBe("2026-12-07");
  });

  it("answers 400 with fields for a bad query", async () => {
    for (const [query, field] of [
      ["from=2026-02-30&days=5&dayType=business", "from"],
      ["from=2026-11-23&days=0&dayType=business", "days"],
      ["from=2026-11-23&days=366&dayType=business", "days"],
      ["from=2026-11-23&days=five&dayType=business", "days"],
      ["from=2026-11-23&days=5&dayType=weekly", "dayType"],
      ["days=5&dayType=business", "from"],
    ] as const) {
      const res = await org.admin.client.get(`/api/procedure/deadline-preview?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toContain(field);
    }
  });
});

describe("GET /api/procedure/holiday-regions", () => {
  it("lists date-holidays' countries with their states for the picker", async () => {
    const res = await org.admin.client.get("/api/procedure/holiday-regions");
    expect(res.statusCode).toBe(200);
    const { countries } = res.json() as {
      countries: { code: string; name: string; states: { code: string; name: string }[] }[];
    };
    const canada = countries.find((c) => c.code === "CA");
    expect(canada?.states).toContainEqual({ code: "CA-ON", name: "Ontario" });
    expect((await t.client().get("/api/procedure/holiday-regions")).statusCode).toBe(401);
  });
});
