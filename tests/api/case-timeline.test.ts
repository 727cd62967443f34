import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import type { TBoardPage } from "../../src/shared/schemas/deadlines.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import type { TReportSummary } from "../../src/shared/schemas/reports.ts";
import { officeClock } from "../support/clock.ts";
import { fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Dates that cannot contradict the case (issue 30): every date a person enters is checked
 * against the grievance's own timeline and refused with a message naming the conflicting day;
 * deadlines still running at closing are `closed` (neither met nor missed); reopening cancels
 * the remedy deadline it replaces. The clock starts on Thursday 26 November 2026 in New York.
 */
const clock = officeClock("2026-11-26");
let t: TestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Timeline Local");
});
afterAll(() => t.close());

const post = (client: TestClient, id: string, action: string, body: unknown) =>
  client.post(`/api/grievances/${id}/${action}`, body);
const detail = async (id: string) =>
  (await org.steward.client.get(`/api/grievances/${id}`)).json() as TGrievance;

function refused(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  const { error } = res.json() as { error: { code: string; fields: Record<string, string> } };
  expect(error.code).toBe("VALIDATION_FAILED");
  expect(error.fields[field]).toBe(message);
}

describe("the employer's answer", () => {
  it("is refused before the step began (the filing day, then the appeal day), in the reader's language", async () => {
    clock.setDay("2026-11-26");
    const g = await fileGrievance(org.member.client);
    const early = await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-10-01",
      decision: "denied",
    });
    refused(
      early,
      "receivedOn",
      "The answer cannot be received before Thu 26 Nov 2026, the day this step began.",
    );
    // Nothing changed: no answer, and the employer's deadline still runs.
    const same = await detail(g.id);
    expect(same.answers).toEqual([]);
    expect(same.nextDeadline?.kind).toBe("response");

    // A Spanish reader reads the day in Spanish.
    const spanish = await t.createSignedIn({ name: "Delegada" });
    const { addMember } = await import("../../src/server/lib/tenancy/memberships.ts");
    await addMember(t.db, {
      organizationId: org.id,
      userId: spanish.id,
      role: "steward",
      facility: null,
    });
    await spanish.client.request("PUT", "/api/profile/language", { language: "es" });
    const es = await post(spanish.client, g.id, "response", {
      receivedOn: "2026-10-01",
      decision: "denied",
    });
    refused(
      es,
      "receivedOn",
      "La respuesta no puede recibirse antes del jue, 26 de nov de 2026, día en que comenzó este paso.",
    );

    // At Step 2 the step began on the day of the appeal.
    clock.setDay("2026-12-01");
    expect((await post(org.steward.client, g.id, "appeal", {})).statusCode).toBe(200);
    clock.setDay("2026-12-03");
    refused(
      await post(org.steward.client, g.id, "response", {
        receivedOn: "2026-11-30",
        decision: "denied",
      }),
      "receivedOn",
      "The answer cannot be received before Tue 1 Dec 2026, the day this step began.",
    );
    // The day of the appeal itself is fine.
    const ok = await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-12-01",
      decision: "partial",
      text: "We will pay half.",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as TGrievance).nextDeadline?.kind).toBe("appeal");
    // The grievant reads the employer's written answer, and the decision in words in the log.
    const mine = (await org.member.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(mine.answers).toEqual([
      expect.objectContaining({ decision: "partial", text: "We will pay half." }),
    ]);
    expect(mine.activityLog[0]?.action).toBe(
      "Employer answered Step 2 on Tue 1 Dec 2026: partly granted",
    );
  });
});

describe("an extension", () => {
  it("is refused on or before the current due date, and before today, naming the day", async () => {
    clock.setDay("2026-11-26");
    const g = await fileGrievance(org.member.client);
    const due = g.nextDeadline?.dueDate as string;
    expect(due).toBe("2026-12-10");
    const extend = (newDueDate: string) =>
      post(org.steward.client, g.id, "extensions", {
        deadlineId: g.nextDeadline?.id,
        newDueDate,
        agreedWith: "HR",
      });
    refused(
      await extend("2026-12-10"),
      "newDueDate",
      "The new date must be after Thu 10 Dec 2026, the current due date.",
    );
    // Past the due date already, an extension to a day that has passed too is refused.
    clock.setDay("2026-12-16");
    refused(
      await extend("2026-12-14"),
      "newDueDate",
      "The new date cannot be before today, Wed 16 Dec 2026.",
    );
    // Christmas Day (a Friday): a warning with the next business day; kept when confirmed.
    const christmas = await extend("2026-12-25");
    expect(christmas.statusCode).toBe(409);
    expect(christmas.json().error).toMatchObject({
      code: "CONFLICT",
      message:
        "Fri 25 Dec 2026 is not a business day: the next one is Mon 28 Dec 2026. Choose it, or keep the day agreed.",
      fields: { nextBusinessDay: "2026-12-28" },
    });
    expect((await detail(g.id)).nextDeadline?.dueDate).toBe("2026-12-10");
    const kept = await post(org.steward.client, g.id, "extensions", {
      deadlineId: g.nextDeadline?.id,
      newDueDate: "2026-12-25",
      agreedWith: "HR",
      keepDayOff: true,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as TGrievance).nextDeadline?.dueDate).toBe("2026-12-25");
  });
});

describe("closing", () => {
  it("refuses a remedy due before the closing day, and marks the running deadline closed", async () => {
    clock.setDay("2026-11-26");
    const g = await fileGrievance(org.member.client);
    clock.setDay("2026-11-30");
    refused(
      await post(org.steward.client, g.id, "close", {
        outcome: "settled",
        reason: "The grievant agreed after we talked it through.",
        summary: "Settled.",
        remedy: { amountCents: 10_000, dueDate: "2026-11-27", description: "Back pay" },
      }),
      "remedy.dueDate",
      "The remedy cannot be due before Mon 30 Nov 2026, the day the grievance is closed.",
    );
    expect((await detail(g.id)).status).toBe("new");

    const res = await post(org.steward.client, g.id, "close", {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json() as TGrievance;
    const response = closed.deadlines.find((d) => d.kind === "response");
    expect(response).toMatchObject({ state: "closed", closedOn: "2026-11-30" });
  });

  it("counts a closed deadline as neither met nor missed in the reports", async () => {
    const fresh = await createOrganization(t, "Closed Count Local");
    clock.setDay("2026-11-26");
    const g = await fileGrievance(fresh.member.client);
    await post(fresh.steward.client, g.id, "close", {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Done.",
    });
    const summary = (
      await fresh.steward.client.get("/api/reports/summary?from=2026-11-01&to=2026-12-31")
    ).json() as TReportSummary;
    const response = summary.deadlines.find((d) => d.kind === "response");
    expect(response).toEqual({ kind: "response", met: 0, missed: 0, open: 0 });
  });
});

describe("reopening", () => {
  it("cancels the unpaid remedy deadline it replaces: the reports stop counting it as missed", async () => {
    const fresh = await createOrganization(t, "Reopen Local");
    clock.setDay("2026-11-26");
    const g = await fileGrievance(fresh.member.client);
    await post(fresh.steward.client, g.id, "close", {
      outcome: "settled",
      reason: "The grievant agreed after we talked it through.",
      summary: "Settled.",
      remedy: { amountCents: 50_000, dueDate: "2026-12-04", description: "Back pay" },
    });
    clock.setDay("2026-12-08");
    await markMissedDeadlines(t.db, APP_URL, clock.now());
    const summary = async () =>
      (
        (
          await fresh.steward.client.get("/api/reports/summary?from=2026-11-01&to=2026-12-31")
        ).json() as TReportSummary
      ).deadlines.find((d) => d.kind === "remedy");
    expect(await summary()).toMatchObject({ missed: 1 });

    // Reopened: the wrong remedy is replaced, then the case closes again with the right one.
    const reopened = await post(fresh.steward.client, g.id, "reopen", {
      reason: "The amount was wrong.",
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const old = (reopened.json() as TGrievance).deadlines.find((d) => d.kind === "remedy");
    expect(old).toMatchObject({ state: "closed", closedOn: "2026-12-08" });
    await post(fresh.steward.client, g.id, "close", {
      outcome: "settled",
      reason: "The grievant agreed after we talked it through.",
      summary: "Settled again.",
      remedy: { amountCents: 70_000, dueDate: "2026-12-18", description: "Back pay" },
    });
    expect(await summary()).toEqual({ kind: "remedy", met: 0, missed: 0, open: 1 });
  });
});

describe("correcting a recorded answer", () => {
  it("is a steward's, logged, and recomputes the employer's and the union's deadlines", async () => {
    clock.setDay("2026-11-23");
    const g = await fileGrievance(org.member.client);
    const employerDue = g.nextDeadline?.dueDate as string; // Step 1's answer due
    expect(employerDue).toBe("2026-12-08");
    // Recorded late by mistake (typed 10 Dec for 30 Nov): the employer's deadline is missed,
    // the union's appeal counts from 10 Dec.
    clock.setDay("2026-12-10");
    await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-12-10",
      decision: "denied",
    });
    const before = await detail(g.id);
    expect(before.deadlines.find((d) => d.kind === "response")?.state).toBe("missed");
    expect(before.nextDeadline).toMatchObject({ kind: "appeal", dueDate: "2026-12-24" });

    const body = {
      receivedOn: "2026-11-30",
      decision: "partial",
      text: "Half the overtime is paid.",
      reason: "typed the wrong day",
    };
    // A member cannot; a date before the filing day or in the future is refused.
    expect((await post(org.member.client, g.id, "answer/correct", body)).statusCode).toBe(403);
    refused(
      await post(org.steward.client, g.id, "answer/correct", { ...body, receivedOn: "2026-11-20" }),
      "receivedOn",
      "The answer cannot be received before Mon 23 Nov 2026, the day this step began.",
    );
    refused(
      await post(org.steward.client, g.id, "answer/correct", { ...body, receivedOn: "2026-12-11" }),
      "receivedOn",
      "The answer cannot be received in the future.",
    );
    const res = await post(org.steward.client, g.id, "answer/correct", body);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TGrievance;
    const response = after.deadlines.find((d) => d.kind === "response");
    expect(response).toMatchObject({ state: "met", closedOn: "2026-11-30" });
    // 10 business days from Mon 30 Nov: Mon 14 Dec.
    expect(after.nextDeadline).toMatchObject({ kind: "appeal", dueDate: "2026-12-14" });
    const appealDeadline = after.deadlines.find((d) => d.kind === "appeal");
    expect(appealDeadline?.explanation).toContain(
      "corrected Thu 10 Dec 2026: answer received Mon 30 Nov 2026",
    );
    expect(after.answers[0]).toMatchObject({ receivedOn: "2026-11-30", decision: "partial" });
    expect(after.activityLog[0]?.action).toBe(
      "Employer's answer at Step 1 corrected: received Mon 30 Nov 2026 (was Thu 10 Dec 2026), partly granted: typed the wrong day",
    );
    // Nothing recorded to correct at the next step.
    clock.setDay("2026-12-11");
    await post(org.steward.client, g.id, "appeal", {});
    expect((await post(org.steward.client, g.id, "answer/correct", body)).statusCode).toBe(409);
  });
});

describe("a money remedy's payment date", () => {
  it("is on the board and in the local's calendar feed until it is confirmed", async () => {
    const fresh = await createOrganization(t, "Remedy Board Local");
    clock.setDay("2026-11-26");
    const g = await fileGrievance(fresh.member.client);
    await post(fresh.steward.client, g.id, "close", {
      outcome: "settled",
      reason: "The grievant agreed after we talked it through.",
      summary: "Settled.",
      remedy: { amountCents: 50_000, dueDate: "2026-12-04", description: "Back pay" },
    });
    const board = async () =>
      ((await fresh.admin.client.get("/api/deadlines?due=all")).json() as TBoardPage).items.map(
        (i) => `${i.grievanceId} ${i.kind} ${i.dueDate}`,
      );
    expect(await board()).toEqual([`${g.id} remedy 2026-12-04`]);
    const { url } = (
      await fresh.admin.client.post("/api/profile/calendar", { scope: "all" })
    ).json() as { url: string };
    const feed = async () =>
      (await t.app.inject({ method: "GET", url: new URL(url).pathname })).body;
    expect(await feed()).toContain("DTSTART;VALUE=DATE:20261204");
    // The grievant confirms: gone from both.
    expect((await post(fresh.member.client, g.id, "remedy/received", {})).statusCode).toBe(200);
    expect(await board()).toEqual([]);
    expect(await feed()).not.toContain("DTSTART;VALUE=DATE:20261204");
  });
});

describe("held cases on the board", () => {
  it("are listed with their reason and since when, for stewards and admins of the local only", async () => {
    const fresh = await createOrganization(t, "Held Board Local");
    const elsewhere = await createOrganization(t, "Held Elsewhere Local");
    clock.setDay("2026-11-23");
    const first = await fileGrievance(fresh.member.client);
    const second = await fileGrievance(fresh.member.client);
    await fileGrievance(fresh.member.client);
    await post(fresh.steward.client, second.id, "assign", { userId: fresh.steward.id });
    clock.setDay("2026-11-24");
    await post(fresh.steward.client, second.id, "hold", { reason: "Waiting for the audit" });
    clock.setDay("2026-11-25");
    await post(fresh.steward.client, first.id, "hold", { reason: "Settlement talks" });
    const theirs = await fileGrievance(elsewhere.member.client);
    await post(elsewhere.steward.client, theirs.id, "hold", { reason: "Other local" });

    const held = await fresh.admin.client.get("/api/deadlines/held");
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toEqual({
      items: [
        {
          grievanceId: second.id,
          subject: expect.any(String),
          step: { index: 0, name: "Step 1" },
          heldSince: "2026-11-24",
          reason: "Waiting for the audit",
          assignee: { id: fresh.steward.id, name: "Held Board Local Steward" },
        },
        expect.objectContaining({ grievanceId: first.id, heldSince: "2026-11-25", assignee: null }),
      ],
      total: 2,
    });
    // Held cases have no running deadline: none is in the board's groups.
    const board = (await fresh.admin.client.get("/api/deadlines?due=all")).json() as TBoardPage;
    expect(board.items.map((i) => i.grievanceId)).not.toContain(first.id);
    // The filters, the limit's total, and who may read it.
    const mine = (await fresh.steward.client.get("/api/deadlines/held?assignee=me")).json();
    expect(mine.items.map((i: { grievanceId: string }) => i.grievanceId)).toEqual([second.id]);
    const one = (await fresh.admin.client.get("/api/deadlines/held?limit=1")).json();
    expect([one.items.length, one.total]).toEqual([1, 2]);
    expect((await fresh.member.client.get("/api/deadlines/held")).statusCode).toBe(403);
    expect((await fresh.admin.client.get("/api/deadlines/held?limit=0")).statusCode).toBe(400);
    // Resumed or closed: off the list.
    await post(fresh.steward.client, first.id, "resume", {});
    expect((await fresh.admin.client.get("/api/deadlines/held")).json().total).toBe(1);
  });
});
