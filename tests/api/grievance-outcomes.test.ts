import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import { OUTCOMES, type TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  APP_URL,
  type MailTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";

/**
 * Outcomes, remedies, group and policy grievances (issue 19). The clock starts on Monday
 * 23 November 2026, 10:00 in New York (the default procedure's time zone).
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: MailTestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Outcome Local");
  other = await createOrganization(t, "Elsewhere Local");
});
afterAll(() => t.close());

const filing = (overrides: Record<string, unknown> = {}) => ({
  name: "Jordan Lee",
  badgeNumber: "M-3003",
  jobTitle: "Machine Operator",
  department: "Manufacturing",
  location: "Main Office",
  description: "Scheduled overtime was given out of seniority order twice this month.",
  remedy: "Pay the missed overtime and follow the seniority list.",
  ...overrides,
});

async function file(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", filing(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

const backPay = { amountCents: 125_050, dueDate: "2026-12-15", description: "Back pay" };

describe("closing with an outcome", () => {
  it.each(OUTCOMES)("records %s with its summary and label", async (outcome) => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const res = await org.steward.client.post(`/api/grievances/${g.id}/close`, {
      outcome,
      reason: "We told the grievant why in writing.",
      summary: `Closed as ${outcome}.`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json() as TGrievance;
    expect(closed.status).toBe("resolved");
    expect(closed.outcome).toMatchObject({
      result: outcome,
      summary: `Closed as ${outcome}.`,
      closedOn: "2026-11-23",
      remedy: null,
    });
    expect(closed.nextDeadline).toBeNull();
    expect(closed.deadlines.every((d) => d.closedOn !== null)).toBe(true);
    expect(closed.activityLog[0]?.action).toContain(`Closed at Step 1: ${closed.outcome?.label}`);
    // The grievant sees the outcome too.
    const mine = (await org.member.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(mine.outcome?.result).toBe(outcome);
  });

  it("refuses a second close with 409, a member with 403, another organization with 404", async () => {
    const g = await file(org.member.client);
    expect(
      (
        await org.member.client.post(`/api/grievances/${g.id}/close`, {
          outcome: "granted",
          summary: "x",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await other.admin.client.post(`/api/grievances/${g.id}/close`, {
          outcome: "granted",
          summary: "x",
        })
      ).statusCode,
    ).toBe(404);
    const body = { outcome: "granted", summary: "Granted in full." };
    expect((await org.admin.client.post(`/api/grievances/${g.id}/close`, body)).statusCode).toBe(
      200,
    );
    const again = await org.admin.client.post(`/api/grievances/${g.id}/close`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("CONFLICT");
    const bad = await org.admin.client.post(`/api/grievances/${g.id}/close`, { outcome: "won" });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a status change to resolved without an outcome (one way to close)", async () => {
    const g = await file(org.member.client);
    const res = await org.steward.client.post(`/api/grievances/${g.id}/status`, {
      status: "resolved",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.status).toBe(
      "Close the grievance with its outcome: a grievance is not resolved without one.",
    );
    const still = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(still.status).toBe("new");
    expect(still.actions).not.toContain("resolve");
  });

  it("opens a remedy deadline the grievant confirms ('I received it')", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const closed = (
      await org.steward.client.post(`/api/grievances/${g.id}/close`, {
        outcome: "settled",
        reason: "We told the grievant why in writing.",
        summary: "Settled: back pay for the missed overtime.",
        remedy: backPay,
      })
    ).json() as TGrievance;
    expect(closed.outcome?.remedy).toMatchObject({
      amountCents: 125_050,
      currency: "USD",
      dueDate: "2026-12-15",
      description: "Back pay",
      receivedAt: null,
      confirmedBy: null,
      overdue: false,
    });
    const deadline = closed.deadlines.find((d) => d.kind === "remedy");
    expect(deadline).toMatchObject({ dueDate: "2026-12-15", state: "open" });
    expect(deadline?.explanation[0]).toContain("$1,250.50 (Back pay)");
    expect(closed.nextDeadline?.kind).toBe("remedy");

    const mine = (await org.member.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(mine.actions).toEqual(["remedyReceived"]);
    setDay("2026-12-10");
    const res = await org.member.client.post(`/api/grievances/${g.id}/remedy/received`, {});
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json() as TGrievance;
    expect(paid.outcome?.remedy?.receivedAt).toBe("2026-12-10T15:00:00.000Z");
    expect(paid.outcome?.remedy?.confirmedBy).toEqual({
      id: org.member.id,
      name: "Outcome Local Member",
    });
    expect(paid.actions).toEqual([]);
    expect(paid.nextDeadline).toBeNull();
    const twice = await org.steward.client.post(`/api/grievances/${g.id}/remedy/received`, {});
    expect(twice.statusCode).toBe(409);
    const steward = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(steward.deadlines.find((d) => d.kind === "remedy")).toMatchObject({
      state: "met",
      closedOn: "2026-12-10",
    });
  });

  it("an unpaid remedy past its date shows 'Remedy overdue', is marked missed and tells the assignee; the steward records it", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    await org.admin.client.post(`/api/grievances/${g.id}/assign`, { userId: org.steward.id });
    await org.steward.client.post(`/api/grievances/${g.id}/close`, {
      outcome: "granted",
      summary: "Granted.",
      remedy: { ...backPay, dueDate: "2026-12-01" },
    });
    setDay("2026-12-02");
    await markMissedDeadlines(t.db, APP_URL, clock.now());
    const late = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(late.outcome?.remedy?.overdue).toBe(true);
    expect(late.deadlines.find((d) => d.kind === "remedy")?.state).toBe("missed");
    expect(late.activityLog[0]?.action).toBe(
      "Remedy overdue: the employer's payment was due Tue 1 Dec 2026.",
    );
    const mails = await t.mailsTo(org.steward.email);
    expect(mails.some((m) => m.text.includes("Remedy overdue") && m.text.includes(g.id))).toBe(
      true,
    );
    const paid = await org.steward.client.post(`/api/grievances/${g.id}/remedy/received`, {});
    expect(paid.statusCode).toBe(200);
    expect((paid.json() as TGrievance).outcome?.remedy).toMatchObject({
      overdue: false,
      confirmedBy: { id: org.steward.id },
    });
  });

  it("refuses a remedy confirmation without a remedy (409) and from another organization (404)", async () => {
    const g = await file(org.member.client);
    expect(
      (await org.member.client.post(`/api/grievances/${g.id}/remedy/received`, {})).statusCode,
    ).toBe(409);
    expect(
      (await other.member.client.post(`/api/grievances/${g.id}/remedy/received`, {})).statusCode,
    ).toBe(404);
  });
});

describe("reopening", () => {
  it("reopens at the step where it closed, clearing the outcome and closing the unpaid remedy", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    await org.steward.client.post(`/api/grievances/${g.id}/appeal`, {});
    await org.steward.client.post(`/api/grievances/${g.id}/close`, {
      outcome: "settled",
      reason: "We told the grievant why in writing.",
      summary: "Settled.",
      remedy: backPay,
    });
    expect(
      (await org.member.client.post(`/api/grievances/${g.id}/reopen`, { reason: "x" })).statusCode,
    ).toBe(403);
    const res = await org.steward.client.post(`/api/grievances/${g.id}/reopen`, {
      reason: "The employer did not pay.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const open = res.json() as TGrievance;
    expect(open.status).toBe("escalated");
    expect(open.step.name).toBe("Step 2");
    expect(open.outcome).toBeNull();
    expect(open.deadlines.find((d) => d.kind === "remedy")?.closedOn).toBe("2026-11-23");
    expect(open.activityLog[0]?.action).toBe("Reopened at Step 2: The employer did not pay.");
    expect(open.actions).toContain("close");
    const again = await org.steward.client.post(`/api/grievances/${g.id}/reopen`, {
      reason: "again",
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("dashboard", () => {
  it("shows stewards and admins this year's wins and settlements and the back pay recovered", async () => {
    const fresh = await createOrganization(t, "Dashboard Local");
    setDay("2026-11-23");
    const close = async (outcome: string, remedy?: typeof backPay) => {
      const g = await file(fresh.member.client);
      await fresh.steward.client.post(`/api/grievances/${g.id}/close`, {
        outcome,
        reason: "We told the grievant why in writing.",
        summary: "Done.",
        ...(remedy ? { remedy } : {}),
      });
      return g.id;
    };
    const paidId = await close("settled", backPay);
    await close("arbitration_won", { ...backPay, amountCents: 99 });
    await close("granted");
    await close("denied");
    await close("withdrawn");
    await fresh.member.client.post(`/api/grievances/${paidId}/remedy/received`, {});
    const stats = (await fresh.admin.client.get("/api/dashboard-stats")).json();
    expect(stats.outcomes).toEqual({
      year: 2026,
      wonOrSettled: 3,
      backPayCents: 125_050,
      currency: "USD",
    });
    expect((await fresh.member.client.get("/api/dashboard-stats")).json().outcomes).toBeNull();
  });
});

describe("group and policy grievances", () => {
  it("a group grievance is seen, commented on and mailed by each grievant; a removed one gets 404 at once", async () => {
    const second = await addPerson(t, org.id, "member", { name: "Second Grievant" });
    const third = await addPerson(t, org.id, "member", { name: "Third Grievant" });
    expect(
      (await org.member.client.post("/api/grievances", filing({ type: "group" }))).statusCode,
    ).toBe(403);
    const g = await file(org.steward.client, {
      type: "group",
      grievantIds: [org.member.id, second.id],
    });
    expect(g.type).toBe("group");
    expect(g.grievantCount).toBe(2);
    expect(g.grievants.map((p) => p.id).sort()).toEqual([org.member.id, second.id].sort());
    for (const person of [org.member, second]) {
      const list = (await person.client.get("/api/grievances")).json();
      expect(list.items.map((i: { id: string }) => i.id)).toContain(g.id);
      const mine = (await person.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
      expect(mine.isGrievant).toBe(true);
    }
    expect((await third.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(404);

    const comment = await second.client.post(`/api/grievances/${g.id}/comments`, {
      text: "I was passed over too.",
    });
    expect(comment.statusCode).toBe(201);
    const mails = await t.mailsTo(org.member.email);
    expect(mails.some((m) => m.text.includes("I was passed over too."))).toBe(true);

    const added = await org.steward.client.post(`/api/grievances/${g.id}/grievants`, {
      userId: third.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as TGrievance).grievantCount).toBe(3);
    expect((await third.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(200);
    expect(
      (
        await org.steward.client.post(`/api/grievances/${g.id}/grievants`, {
          userId: other.member.id,
        })
      ).statusCode,
    ).toBe(404);

    const removed = await org.steward.client.request(
      "DELETE",
      `/api/grievances/${g.id}/grievants/${second.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await second.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(404);
    const list = (await second.client.get("/api/grievances")).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(g.id);
    expect(
      (await second.client.post(`/api/grievances/${g.id}/comments`, { text: "still here?" }))
        .statusCode,
    ).toBe(404);
  });

  it("a policy grievance has no grievant; the tracker filters by type", async () => {
    const g = await file(org.admin.client, { type: "policy" });
    expect(g.type).toBe("policy");
    expect(g.grievants).toEqual([]);
    expect(g.grievantCount).toBe(0);
    expect((await org.member.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(404);
    expect(
      (
        await org.steward.client.post(`/api/grievances/${g.id}/grievants`, {
          userId: org.member.id,
        })
      ).statusCode,
    ).toBe(409);
    const policies = (await org.steward.client.get("/api/grievances?type=policy")).json();
    expect(policies.items.map((i: { id: string }) => i.id)).toContain(g.id);
    expect(policies.items.every((i: { type: string }) => i.type === "policy")).toBe(true);
    expect(policies.total).toBe(policies.items.length);
  });
});
