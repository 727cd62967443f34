import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import type { TDeadline, TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  APP_URL,
  type MailTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";

/**
 * Steps and contract deadlines (issue 17) on the default procedure: Step 1, Step 2, Step 3,
 * Arbitration; 10 business days each way; filing limit 30 calendar days; US holidays;
 * America/New_York. The clock starts on Monday 23 November 2026, 10:00 in New York.
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: MailTestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Deadline Local");
  other = await createOrganization(t, "Other Local");
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

const running = (g: TGrievance) => g.deadlines.find((d) => d.closedOn === null) as TDeadline;

async function post(client: TestClient, id: string, action: string, body: unknown) {
  return client.post(`/api/grievances/${id}/${action}`, body);
}

describe("filing", () => {
  it("records the incident date, articles and subject, and opens the employer's Step 1 deadline", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client, {
      incidentDate: "2026-11-16",
      articles: ["Art. 12.3 Overtime", " Art. 4 Seniority "],
    });
    expect(g).toMatchObject({
      incidentDate: "2026-11-16",
      articles: ["Art. 12.3 Overtime", "Art. 4 Seniority"],
      subject: "Scheduled overtime was given out of seniority order twice this month.",
      step: { index: 0, name: "Step 1" },
      filingLate: false,
      nextDeadline: {
        kind: "response",
        dueDate: "2026-12-08",
        state: "open",
        daysOverdue: 0,
        summary: "Waiting for the employer's answer, due Tue 8 Dec",
      },
      deadlines: [], // the grievant gets the plain words, not the workings
      actions: [],
    });
    const seen = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(seen.deadlines.map((d) => [d.kind, d.state, d.dueDate])).toEqual([
      ["filing", "met", "2026-12-16"],
      ["response", "open", "2026-12-08"],
    ]);
    expect(running(seen).explanation).toEqual([
      "Employer answer to Step 1: 10 business days from Mon 23 Nov 2026 (filed)",
      expect.stringContaining("Thu 26 Nov"),
      expect.stringContaining("weekend"),
      expect.stringContaining("weekend"),
      "due Tue 8 Dec 2026",
    ]);
    expect(seen.actions).toEqual(
      expect.arrayContaining(["respond", "appeal", "extend", "hold", "assign", "note"]),
    );
  });

  it("accepts a filing past the filing limit with a warning, and a long description's subject is cut", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client, {
      incidentDate: "2026-09-01",
      description: `${"The night shift lost its meal allowance ".repeat(4)}without notice.`,
    });
    expect(g.filingLate).toBe(true);
    expect(g.subject.length).toBeLessThanOrEqual(80);
    expect(g.subject.endsWith("…")).toBe(true);
    expect(g.activityLog[0]?.action).toMatch(/^Filed after the filing limit \(Mon 23 Nov 2026: /);
    const seen = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(seen.deadlines[0]).toMatchObject({ kind: "filing", state: "missed" });
    expect(seen.deadlines[0]?.explanation.at(-1)).toMatch(/days after the limit$/);
  });

  it("refuses an incident date in the future (the organization's own day) or malformed", async () => {
    setDay("2026-11-23");
    const future = await org.member.client.post(
      "/api/grievances",
      filing({ incidentDate: "2026-11-24" }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.incidentDate).toBe(
      "The incident date cannot be in the future.",
    );
    const bad = await org.member.client.post(
      "/api/grievances",
      filing({ incidentDate: "2026-02-30" }),
    );
    expect(bad.statusCode).toBe(400);
    const long = await org.member.client.post(
      "/api/grievances",
      filing({ subject: "x".repeat(121) }),
    );
    expect(long.statusCode).toBe(400);
  });
});

describe("the employer's answer", () => {
  it("closes the response deadline and opens the union's appeal deadline from the day received", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    setDay("2026-12-01");
    const res = await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-11-30",
      decision: "denied",
      text: "The overtime was an emergency.",
      note: "Grievant informed",
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as TGrievance;
    expect(after.status).toBe("pending");
    expect(after.deadlines.map((d) => [d.kind, d.state, d.closedOn])).toEqual([
      ["response", "met", "2026-11-30"],
      ["appeal", "open", null],
    ]);
    expect(running(after)).toMatchObject({ dueDate: "2026-12-14", step: { name: "Step 1" } });
    expect(running(after).explanation[0]).toBe(
      "Union appeal to Step 2: 10 business days from Mon 30 Nov 2026 (answer received)",
    );
    expect(after.answers).toEqual([
      {
        step: { index: 0, name: "Step 1" },
        receivedOn: "2026-11-30",
        decision: "denied",
        text: "The overtime was an emergency.",
      },
    ]);
    expect(after.activityLog[0]).toMatchObject({
      action: "Employer answered Step 1 on Mon 30 Nov 2026: denied: Grievant informed",
      role: "steward",
      internal: false,
    });
    // The grievant sees the answer and the appeal deadline in plain words.
    const mine = (await org.member.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(mine.answers).toHaveLength(1);
    expect(mine.nextDeadline?.summary).toBe(
      "The union can appeal to the next step until Mon 14 Dec",
    );
    // One answer per step.
    const again = await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-11-30",
      decision: "granted",
    });
    expect(again.statusCode).toBe(409);
  });

  it("marks the response deadline missed when the answer came late, refuses future days", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    setDay("2026-12-11");
    const future = await post(org.admin.client, g.id, "response", {
      receivedOn: "2026-12-12",
      decision: "partial",
    });
    expect(future.statusCode).toBe(400);
    const late = await post(org.admin.client, g.id, "response", {
      receivedOn: "2026-12-10",
      decision: "partial",
    });
    expect(late.statusCode).toBe(200);
    expect((late.json() as TGrievance).deadlines[0]).toMatchObject({
      kind: "response",
      state: "missed",
    });
  });
});

describe("appeals (and Escalate)", () => {
  it("moves to the next step and opens the employer's deadline there, up to the last step", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-11-23",
      decision: "denied",
    });
    setDay("2026-11-25");
    const res = await post(org.steward.client, g.id, "appeal", { note: "Filed with HR" });
    expect(res.statusCode).toBe(200);
    const step2 = res.json() as TGrievance;
    expect(step2).toMatchObject({
      status: "escalated",
      step: { index: 1, name: "Step 2" },
      nextDeadline: { kind: "response", step: { index: 1, name: "Step 2" } },
    });
    expect(step2.deadlines.find((d) => d.kind === "appeal")).toMatchObject({
      state: "met",
      closedOn: "2026-11-25",
    });
    expect(step2.activityLog[0]?.action).toBe("Escalated to Step 2: Filed with HR");
    // The Escalate button is the same appeal.
    const step3 = await post(org.steward.client, g.id, "status", { status: "escalated" });
    expect(step3.json()).toMatchObject({ step: { name: "Step 3" } });
    expect(step3.json().activityLog[0].action).toBe("Escalated to Step 3");
    const arbitration = await post(org.admin.client, g.id, "appeal", {});
    expect(arbitration.json()).toMatchObject({ step: { name: "Arbitration" }, lastStep: true });
    expect(arbitration.json().actions).not.toContain("appeal");
    const beyond = await post(org.admin.client, g.id, "appeal", {});
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.message).toBe(
      "Arbitration is the last step: there is no appeal from it.",
    );
    await post(org.admin.client, g.id, "close", {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    const closed = (await org.admin.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(closed.nextDeadline).toBeNull();
    expect(closed.deadlines.every((d) => d.closedOn !== null)).toBe(true);
    expect(closed.actions).toEqual(["reopen", "note"]);
  });
});

describe("extensions", () => {
  it("moves the running deadline to the agreed date and keeps the old one", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const d = running((await org.steward.client.get(`/api/grievances/${g.id}`)).json());
    const res = await post(org.steward.client, g.id, "extensions", {
      deadlineId: d.id,
      newDueDate: "2026-12-18",
      agreedWith: "Pat Kim, HR Director",
    });
    expect(res.statusCode).toBe(200);
    const after = res.json() as TGrievance;
    expect(running(after)).toMatchObject({
      dueDate: "2026-12-18",
      extendedFrom: "2026-12-08",
      state: "open",
    });
    expect(running(after).explanation.at(-1)).toBe(
      "extended from Tue 8 Dec 2026 to Fri 18 Dec 2026 (agreed with Pat Kim, HR Director)",
    );
    expect(after.nextDeadline?.dueDate).toBe("2026-12-18");
    expect(after.activityLog[0]?.action).toBe(
      "Deadline extended: the employer's answer at Step 1 from Tue 8 Dec 2026 to Fri 18 Dec 2026, agreed with Pat Kim, HR Director",
    );
    const earlier = await post(org.steward.client, g.id, "extensions", {
      deadlineId: d.id,
      newDueDate: "2026-12-18",
      agreedWith: "Pat Kim",
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.fields.newDueDate).toBe(
      "The new date must be after Fri 18 Dec 2026, the current due date.",
    );
    const unknown = await post(org.steward.client, g.id, "extensions", {
      deadlineId: randomUUID(),
      newDueDate: "2026-12-30",
      agreedWith: "Pat Kim",
    });
    expect(unknown.statusCode).toBe(404);
    // A settled deadline cannot be extended.
    await post(org.steward.client, g.id, "response", {
      receivedOn: "2026-11-23",
      decision: "denied",
    });
    const settled = await post(org.steward.client, g.id, "extensions", {
      deadlineId: d.id,
      newDueDate: "2026-12-30",
      agreedWith: "Pat Kim",
    });
    expect(settled.statusCode).toBe(409);
  });
});

describe("holds", () => {
  it("pauses the running deadline and moves it by the business days held on resume", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const held = await post(org.steward.client, g.id, "hold", { reason: "Waiting for the audit" });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      hold: { since: "2026-11-23", reason: "Waiting for the audit" },
      heldSince: "2026-11-23",
      nextDeadline: { state: "paused" },
    });
    expect(held.json().actions).toEqual(["markPending", "resume", "assign", "close", "note"]);
    for (const [action, body] of [
      ["hold", { reason: "again" }],
      ["response", { receivedOn: "2026-11-23", decision: "denied" }],
      ["appeal", {}],
    ] as const) {
      expect((await post(org.steward.client, g.id, action, body)).statusCode).toBe(409);
    }
    // Held Tue 24, Wed 25, (Thu 26 Thanksgiving), Fri 27, (weekend), Mon 30: 4 business days.
    setDay("2026-11-30");
    const resumed = await post(org.steward.client, g.id, "resume", {});
    expect(resumed.statusCode).toBe(200);
    const after = resumed.json() as TGrievance;
    expect(after.hold).toBeNull();
    expect(running(after)).toMatchObject({ state: "open", dueDate: "2026-12-14" });
    expect(running(after).explanation).toEqual(
      expect.arrayContaining([
        "on hold from Mon 23 Nov 2026 to Mon 30 Nov 2026: 4 business days held",
        "due Mon 14 Dec 2026",
      ]),
    );
    expect(after.activityLog[0]?.action).toBe(
      "Resumed after 7 days on hold; the employer's answer at Step 1 moved to Mon 14 Dec 2026",
    );
    expect((await post(org.steward.client, g.id, "resume", {})).statusCode).toBe(409);
  });
});

describe("assignment", () => {
  it("assigns a steward or admin of the organization, nobody else", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const res = await post(org.steward.client, g.id, "assign", { userId: org.admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignee).toEqual({ id: org.admin.id, name: "Deadline Local Admin" });
    expect(res.json().activityLog[0].action).toBe("Assigned to Deadline Local Admin");
    for (const userId of [org.member.id, other.steward.id, "nobody"]) {
      expect((await post(org.steward.client, g.id, "assign", { userId })).statusCode).toBe(404);
    }
    // The grievant sees who their steward is.
    const mine = (await org.member.client.get(`/api/grievances/${g.id}`)).json();
    expect(mine.assignee).toEqual({ id: org.admin.id, name: "Deadline Local Admin" });
    const assigned = (await org.admin.client.get("/api/grievances?assignee=me")).json();
    expect(assigned.items.map((i: { id: string }) => i.id)).toEqual([g.id]);
    expect(assigned.total).toBe(1);
  });
});

describe("permissions", () => {
  it("refuses members with 403 and another organization's grievance with 404 on every action", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const d = running((await org.steward.client.get(`/api/grievances/${g.id}`)).json());
    const bodies: [string, unknown][] = [
      ["response", { receivedOn: "2026-11-23", decision: "denied" }],
      ["appeal", {}],
      ["extensions", { deadlineId: d.id, newDueDate: "2026-12-30", agreedWith: "HR" }],
      ["hold", { reason: "audit" }],
      ["resume", {}],
      ["assign", { userId: org.steward.id }],
      ["status", { status: "escalated" }],
    ];
    for (const [action, body] of bodies) {
      expect((await post(org.member.client, g.id, action, body)).statusCode, action).toBe(403);
      expect((await post(other.admin.client, g.id, action, body)).statusCode, action).toBe(404);
    }
    const unchanged = (await org.steward.client.get(`/api/grievances/${g.id}`)).json();
    expect(unchanged).toMatchObject({
      status: "new",
      step: { index: 0 },
      assignee: null,
      hold: null,
    });
  });
});

describe("the tracker", () => {
  it("sorts by the next deadline and filters overdue and due this week, by the organization's day", async () => {
    const o = await createOrganization(t, "Tracker Local");
    // Due dates: about 16 Nov (overdue on the 23rd), 8 Dec, and about 23 Nov (this week).
    setDay("2026-11-02");
    const early = await file(o.member.client, { subject: "Early" });
    setDay("2026-11-23");
    const late = await file(o.member.client, { subject: "Late" });
    setDay("2026-11-09");
    const middle = await file(o.member.client, { subject: "Middle" });
    const done = await file(o.member.client, { subject: "Done" });
    await post(o.steward.client, done.id, "close", {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    setDay("2026-11-23");
    const list = async (query: string) =>
      (await o.steward.client.get(`/api/grievances?${query}`)).json() as {
        items: {
          id: string;
          subject: string;
          nextDeadline: { dueDate: string; summary: string } | null;
        }[];
        total: number;
        nextCursor: string | null;
      };
    const bySoonest = await list("sort=deadline");
    expect(bySoonest.items.map((i) => i.subject)).toEqual(["Early", "Middle", "Late", "Done"]);
    expect(bySoonest.items[0]?.nextDeadline?.summary).toMatch(
      /^The employer's answer was due \w{3} 1\d Nov: \d days late$/,
    );
    expect(bySoonest.items[2]).toMatchObject({
      id: late.id,
      nextDeadline: { dueDate: "2026-12-08" },
    });
    expect((await list("sort=deadline&order=desc")).items.map((i) => i.subject)).toEqual([
      "Done",
      "Late",
      "Middle",
      "Early",
    ]);
    const overdue = await list("due=overdue");
    expect(overdue.items.map((i) => i.id)).toEqual([early.id]);
    expect(overdue.total).toBe(1);
    expect((await list("due=week")).items.map((i) => i.id)).toEqual([middle.id]);
    // Paging by subject, A to Z, with a cursor.
    const first = await list("sort=subject&limit=3");
    expect(first.items.map((i) => i.subject)).toEqual(["Done", "Early", "Late"]);
    const second = await list(`sort=subject&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.subject)).toEqual(["Middle"]);
    const byId = await list("sort=id&order=desc&limit=2");
    const rest = await list(`sort=id&order=desc&limit=2&cursor=${byId.nextCursor}`);
    expect([...byId.items, ...rest.items].map((i) => i.id)).toEqual(
      [early.id, late.id, middle.id, done.id].sort().reverse(),
    );
    expect((await list("sort=status")).items.at(-1)?.id).toBe(done.id);
    expect(
      (await o.steward.client.get("/api/grievances?sort=deadline&cursor=bogus")).statusCode,
    ).toBe(400);
    // The dashboard counts the same, for stewards and admins only.
    expect((await o.admin.client.get("/api/dashboard-stats")).json()).toMatchObject({
      overdue: 1,
      dueThisWeek: 1,
    });
    expect((await o.member.client.get("/api/dashboard-stats")).json()).toMatchObject({
      overdue: null,
      dueThisWeek: null,
    });
  });
});

describe("missed deadlines", () => {
  it("are marked once across organizations and instances, and the assignee and admins are told", async () => {
    const o = await createOrganization(t, "Missed Local");
    // Here the employer's silence has no consequence of its own (issue 20's 'none'): the
    // missed deadline stays for the steward to act on. Deemed denial: employer-response.test.ts.
    for (const admin of [o.admin, other.admin]) {
      const procedure = (await admin.client.get("/api/organization/procedure")).json();
      procedure.steps[0].onNoAnswer = "none";
      const put = await admin.client.request("PUT", "/api/organization/procedure", procedure);
      expect(put.statusCode).toBe(200);
    }
    setDay("2026-11-23");
    const g = await file(o.member.client, { subject: "Unanswered overtime" });
    await post(o.admin.client, g.id, "assign", { userId: o.steward.id });
    const elsewhere = await file(other.member.client); // due the same day in another organization
    // Tue 8 Dec is the due date: not missed late that evening in New York (already Wednesday
    // in UTC). Other tests' older deadlines may be claimed here.
    await markMissedDeadlines(t.db, APP_URL, new Date("2026-12-09T04:30:00Z"));
    const before = (await o.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(running(before).state).toBe("open");
    const at = new Date("2026-12-09T05:30:00Z");
    const claimed = await Promise.all([
      markMissedDeadlines(t.db, APP_URL, at),
      markMissedDeadlines(t.db, APP_URL, at),
      markMissedDeadlines(t.db, APP_URL, at),
    ]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(await markMissedDeadlines(t.db, APP_URL, at)).toBe(0);
    setDay("2026-12-09");
    const seen = (await o.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(running(seen)).toMatchObject({ kind: "response", state: "missed" });
    expect(seen.nextDeadline).toMatchObject({ state: "missed", daysOverdue: 1 });
    expect(seen.activityLog[0]?.action).toBe(
      "Deadline missed: the employer's answer at Step 1 was due Tue 8 Dec 2026.",
    );
    const subject = `Deadline missed on grievance ${g.id}`;
    const toSteward = (await t.mailsTo(o.steward.email)).filter((m) => m.subject === subject);
    const toAdmin = (await t.mailsTo(o.admin.email)).filter((m) => m.subject === subject);
    expect(toSteward).toHaveLength(1);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toContain("(Unanswered overtime) was due Tue 8 Dec 2026");
    expect((await t.mailsTo(o.member.email)).filter((m) => m.subject === subject)).toEqual([]);
    const theirs = (await other.steward.client.get(`/api/grievances/${elsewhere.id}`)).json();
    expect(theirs.nextDeadline.state).toBe("missed");
    expect((await o.admin.client.get("/api/dashboard-stats")).json().overdue).toBe(1);
    // An agreed extension reopens a missed deadline.
    const reopened = await post(o.steward.client, g.id, "extensions", {
      deadlineId: running(seen).id,
      newDueDate: "2026-12-15",
      agreedWith: "HR",
    });
    expect(running(reopened.json())).toMatchObject({ state: "open", dueDate: "2026-12-15" });
  });
});

describe("internal notes", () => {
  it("reach stewards and admins only: never the grievant's answers, activity or mail", async () => {
    setDay("2026-11-23");
    const g = await file(org.member.client);
    const secret = "Grievant was late twice last month: do not raise";
    const note = await org.steward.client.post(`/api/grievances/${g.id}/comments`, {
      text: secret,
      internal: true,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().activityLog[0]).toMatchObject({
      action: `Internal note: ${secret}`,
      internal: true,
    });
    await org.steward.client.post(`/api/grievances/${g.id}/comments`, { text: "We filed it." });
    expect((await org.admin.client.get(`/api/grievances/${g.id}`)).body).toContain(secret);
    const mine = await org.member.client.get(`/api/grievances/${g.id}`);
    expect(mine.body).not.toContain(secret);
    expect(mine.json().activityLog[0].action).toBe("Comment: We filed it.");
    expect((await org.member.client.get("/api/activity?limit=50")).body).not.toContain(secret);
    expect((await org.member.client.get("/api/grievances")).body).not.toContain(secret);
    const mails = await t.mailsTo(org.member.email);
    expect(mails.some((m) => m.text.includes("We filed it."))).toBe(true);
    expect(mails.some((m) => m.text.includes(secret) || m.subject.includes(secret))).toBe(false);
    // Members cannot write one.
    const attempt = await org.member.client.post(`/api/grievances/${g.id}/comments`, {
      text: "note to self",
      internal: true,
    });
    expect(attempt.statusCode).toBe(403);
  });
});

describe("a second member", () => {
  it("sees nothing of a colleague's grievance", async () => {
    const colleague = await addPerson(t, org.id, "member");
    const g = await file(org.member.client);
    expect((await colleague.client.get(`/api/grievances/${g.id}`)).statusCode).toBe(404);
  });
});
