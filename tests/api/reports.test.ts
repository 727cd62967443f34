import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import type { TReport, TReportSummary } from "../../src/shared/schemas/reports.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Reports (issue 21) on a fixture whose figures are worked out by hand below. The
 * organization's time zone is New York (the default procedure); the clock is moved to each
 * filing and closing.
 */
let clock = new Date("2026-01-01T15:00:00Z");
const at = (iso: string) => {
  clock = new Date(iso.length === 10 ? `${iso}T15:00:00Z` : iso);
};
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;

async function file(client: TestClient, when: string, overrides: Record<string, unknown>) {
  at(when);
  const res = await client.post("/api/grievances", grievanceBody(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return (res.json() as TGrievance).id;
}

async function close(id: string, when: string, body: Record<string, unknown>) {
  at(when);
  const res = await org.steward.client.post(`/api/grievances/${id}/close`, {
    summary: "Closed.",
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

const mfg = { department: "Manufacturing", location: "Main Office", jobTitle: "Machine Operator" };
const sales = { department: "Sales", location: "North Plant", jobTitle: "Manager" };

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  org = await createOrganization(t, "Report Local");
  other = await createOrganization(t, "Other Local");
  const m = org.member.client;

  // #7: filed before the range, closed in it (won at arbitration: counted as granted), 16 days.
  const g7 = await file(m, "2025-12-20", { ...mfg, articles: ["Art. 12.3 Overtime"] });
  await close(g7, "2026-01-05", { outcome: "arbitration_won" });
  // #1: granted after 10 days, with back pay the grievant confirms.
  const g1 = await file(m, "2026-01-10", { ...mfg, articles: ["Art. 12.3 Overtime"] });
  await close(g1, "2026-01-20", {
    outcome: "granted",
    remedy: { amountCents: 50_000, dueDate: "2026-01-30", description: "Back pay" },
  });
  at("2026-01-25");
  expect((await m.post(`/api/grievances/${g1}/remedy/received`, {})).statusCode).toBe(200);
  // #2: appealed to Step 2, settled after 30 days, back pay not yet received.
  const g2 = await file(m, "2026-01-15", {
    ...mfg,
    location: "South Plant",
    articles: ["ARTICLE 12.3  overtime"],
  });
  at("2026-01-16");
  expect((await org.steward.client.post(`/api/grievances/${g2}/appeal`, {})).statusCode).toBe(200);
  await close(g2, "2026-02-14", {
    outcome: "settled",
    reason: "We told the grievant why in writing.",
    remedy: { amountCents: 20_000, dueDate: "2026-03-15", description: "Back pay" },
  });
  // #3: denied after 5 days.
  const g3 = await file(m, "2026-02-03", {
    ...sales,
    location: "Main Office",
    articles: ["Art. 7 Seniority"],
  });
  await close(g3, "2026-02-08", { outcome: "denied", reason: "No case." });
  // #4: withdrawn after 30 days, no article.
  const g4 = await file(m, "2026-02-20", sales);
  await close(g4, "2026-03-22", { outcome: "withdrawn", reason: "Asked to." });
  // #5, #6: open.
  await file(m, "2026-03-05", {
    department: "Manufacturing",
    location: "Main Office",
    jobTitle: "HR Specialist",
    articles: ["Art. 12.3 Overtime", "Art. 7 Seniority"],
  });
  await file(m, "2026-03-30", {
    department: "IT",
    location: "Main Office",
    jobTitle: "IT Specialist",
  });
  // #10: resolved without an outcome after 2 days, as the status route did before issue 30
  // (which refuses it now): such rows stay in the data and count as 'not recorded'.
  const g10 = await file(m, "2026-03-10", { ...sales, location: "Main Office" });
  await withTenant(t.db, org.id, (trx) =>
    trx
      .updateTable("grievances")
      .set({ status: "resolved", closedOn: "2026-03-12", nextDeadlineId: null, nextDueDate: null })
      .where("id", "=", g10)
      .execute(),
  );
  // #8: 23:30 on 31 March in New York is 1 April in UTC: March's.
  await file(m, "2026-04-01T03:30:00Z", {
    department: "IT",
    location: "Main Office",
    jobTitle: "IT Specialist",
  });
  // #9: 1 April, after the range.
  await file(m, "2026-04-01", mfg);

  // Another organization's grievances in the same months must count nowhere.
  for (const day of ["2026-01-12", "2026-02-12", "2026-03-12"]) {
    const id = await file(other.member.client, day, { ...mfg, articles: ["Art. 12.3 Overtime"] });
    at(day);
    await other.steward.client.post(`/api/grievances/${id}/close`, {
      outcome: "granted",
      summary: "x",
    });
  }
  at("2026-04-10");
}, 120_000);
afterAll(() => t.close());

const range = "from=2026-01-01&to=2026-03-31";
const report = async (client: TestClient, groupBy: string, q = range) => {
  const res = await client.get(`/api/reports/grievances?groupBy=${groupBy}&${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReport;
};
const row = (
  key: string,
  filed: number,
  open: number,
  closed: number,
  [granted, settled, denied, withdrawn]: number[],
  medianDaysToClose: number | null,
) => ({ key, filed, open, closed, granted, settled, denied, withdrawn, medianDaysToClose });

describe("GET /api/reports/grievances", () => {
  it("groups by month: filed by filing month, closed by closing month", async () => {
    expect(await report(org.steward.client, "month")).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      groups: [
        row("2026-01", 2, 0, 2, [2, 0, 0, 0], 13),
        row("2026-02", 2, 0, 2, [0, 1, 1, 0], 17.5),
        row("2026-03", 4, 3, 2, [0, 0, 0, 1], 16),
      ],
    });
  });

  it("fills the months with nothing in them", async () => {
    const r = await report(org.admin.client, "month", "from=2025-11-15&to=2026-01-31");
    expect(r.groups.map((g) => g.key)).toEqual(["2025-11", "2025-12", "2026-01"]);
    expect(r.groups[0]).toEqual(row("2025-11", 0, 0, 0, [0, 0, 0, 0], null));
    expect(r.groups[1]).toEqual(row("2025-12", 1, 0, 0, [0, 0, 0, 0], null));
  });

  it("groups by department, largest first", async () => {
    expect((await report(org.steward.client, "department")).groups).toEqual([
      row("Manufacturing", 3, 1, 3, [2, 1, 0, 0], 16),
      row("Sales", 3, 0, 3, [0, 0, 1, 1], 5),
      row("IT", 2, 2, 0, [0, 0, 0, 0], null),
    ]);
  });

  it("groups by location and by job title", async () => {
    expect((await report(org.steward.client, "location")).groups).toEqual([
      row("Main Office", 6, 3, 4, [2, 0, 1, 0], 7.5),
      row("North Plant", 1, 0, 1, [0, 0, 0, 1], 30),
      row("South Plant", 1, 0, 1, [0, 1, 0, 0], 30),
    ]);
    expect((await report(org.steward.client, "jobTitle")).groups).toEqual([
      row("Manager", 3, 0, 3, [0, 0, 1, 1], 5),
      row("Machine Operator", 2, 0, 3, [2, 1, 0, 0], 16),
      row("IT Specialist", 2, 2, 0, [0, 0, 0, 0], null),
      row("HR Specialist", 1, 1, 0, [0, 0, 0, 0], null),
    ]);
  });

  it("groups by article, spellings of one article together, shown as most cite it", async () => {
    expect((await report(org.steward.client, "article")).groups).toEqual([
      row("Art. 12.3 Overtime", 3, 1, 3, [2, 1, 0, 0], 16),
      row("Art. 7 Seniority", 2, 1, 1, [0, 0, 1, 0], 5),
    ]);
  });

  it("groups by outcome (arbitration on its own) and by step", async () => {
    expect((await report(org.steward.client, "outcome")).groups).toEqual([
      row("open", 3, 3, 0, [0, 0, 0, 0], null),
      row("granted", 1, 0, 1, [1, 0, 0, 0], 10),
      row("arbitration_won", 0, 0, 1, [1, 0, 0, 0], 16),
      row("settled", 1, 0, 1, [0, 1, 0, 0], 30),
      row("denied", 1, 0, 1, [0, 0, 1, 0], 5),
      row("withdrawn", 1, 0, 1, [0, 0, 0, 1], 30),
      row("not_recorded", 1, 0, 1, [0, 0, 0, 0], 2),
    ]);
    expect((await report(org.steward.client, "step")).groups).toEqual([
      row("Step 1", 7, 3, 5, [2, 0, 1, 1], 10),
      row("Step 2", 1, 0, 1, [0, 1, 0, 0], 30),
    ]);
  });

  it("defaults to the last 365 days", async () => {
    const r = await report(org.steward.client, "department", "");
    expect(r).toMatchObject({ from: "2025-04-11", to: "2026-04-10" });
    expect(r.groups.reduce((n, g) => n + g.filed, 0)).toBe(10);
  });

  it("refuses a bad groupBy, bad dates and a bad range with 400", async () => {
    const c = org.steward.client;
    for (const q of [
      "groupBy=weekday",
      "",
      "groupBy=month&from=2026-02-30",
      "groupBy=month&from=yesterday",
      "groupBy=month&from=2026-03-01&to=2026-02-01",
      "groupBy=month&from=2000-01-01&to=2026-01-01",
      "groupBy=month&to=2026-13-01",
      "groupBy=month&from=2026-01-01&from=2026-02-01",
    ]) {
      const res = await c.get(`/api/reports/grievances?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    const res = await c.get("/api/reports/grievances?groupBy=month&from=2026-03-01&to=2026-02-01");
    expect(res.json().error.message).toBe("The start of the range must not be after its end.");
  });

  it("answers a member 403", async () => {
    expect((await org.member.client.get(`/api/reports/grievances?groupBy=month`)).statusCode).toBe(
      403,
    );
    expect((await org.member.client.get(`/api/reports/summary`)).statusCode).toBe(403);
  });

  it("counts only the caller's organization", async () => {
    const r = await report(other.admin.client, "department");
    expect(r.groups).toEqual([row("Manufacturing", 3, 0, 3, [3, 0, 0, 0], 0)]);
  });
});

describe("GET /api/reports/summary", () => {
  it("totals the range: win rate, median, back pay, deadlines", async () => {
    const res = await org.admin.client.get(`/api/reports/summary?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as TReportSummary;
    expect(s).toMatchObject({
      from: "2026-01-01",
      to: "2026-03-31",
      filed: 8,
      closed: 6,
      winRate: 0.75,
      medianDaysToClose: 13,
      backPay: { awardedCents: 70_000, recoveredCents: 50_000, currency: "USD" },
    });
    // The deadlines, read back one grievance at a time through the detail route.
    const list = await org.admin.client.get("/api/grievances?limit=100");
    const expected = new Map<string, { met: number; missed: number; open: number }>();
    for (const { id } of list.json().items as { id: string }[]) {
      const g = (await org.admin.client.get(`/api/grievances/${id}`)).json() as TGrievance;
      for (const d of g.deadlines) {
        if (d.dueDate < "2026-01-01" || d.dueDate > "2026-03-31") continue;
        const e = expected.get(d.kind) ?? { met: 0, missed: 0, open: 0 };
        if (d.state === "met") e.met++;
        else if (d.state === "missed") e.missed++;
        // `closed` (still running when its grievance closed) counts as neither (issue 30).
        else if (d.state !== "closed") e.open++;
        expected.set(d.kind, e);
      }
    }
    expect(s.deadlines).toEqual(
      ["filing", "response", "appeal", "remedy"].map((kind) => ({
        kind,
        ...(expected.get(kind) ?? { met: 0, missed: 0, open: 0 }),
      })),
    );
    expect(s.deadlines.find((d) => d.kind === "response")?.met).toBeGreaterThan(0);
  });

  it("says nothing of another organization", async () => {
    const s = (await other.admin.client.get(`/api/reports/summary?${range}`)).json();
    expect(s).toMatchObject({ filed: 3, closed: 3, winRate: 1, backPay: { awardedCents: 0 } });
  });
});
