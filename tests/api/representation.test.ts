import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/shared/deadline-engine/index.ts";
import type { TBoardPage } from "../../src/shared/schemas/deadlines.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { fileGrievance } from "../support/deadlines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/**
 * Fair representation on the record (issue 34, product-decisions.md 36). The clock starts on
 * Monday 23 November 2026, 10:00 in New York; Thanksgiving (Thu 26 Nov) is a holiday, so ten
 * business days from the 23rd end on Tue 8 Dec.
 */
const clock = officeClock();
let t: MailTestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Contact Local");
  other = await createOrganization(t, "Elsewhere Local");
});
afterAll(() => t.close());

const pdfText = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8");

const detail = async (client: TestOrganization["steward"]["client"], id: string) =>
  (await client.get(`/api/grievances/${id}`)).json() as TGrievance;

describe("the contact log", () => {
  it("logs contacts against the case's timeline, counts the days and flags the case past the limit", async () => {
    clock.setDay("2026-11-23");
    const { id } = await fileGrievance(org.member.client, { incidentDate: "2026-11-16" });
    const url = `/api/grievances/${id}/contacts`;
    const call = { channel: "call", summary: "Went over the timeline.", date: "2026-11-20" };

    // Bad input: 400 with the field, nothing written.
    for (const [body, field] of [
      [{ ...call, date: "2026-11-24" }, "date"], // the organization's tomorrow
      [{ ...call, date: "2026-11-15" }, "date"], // before the incident
      [{ ...call, date: "2026-02-30" }, "date"],
      [{ ...call, channel: "fax" }, "channel"],
      [{ ...call, summary: "   " }, "summary"],
      [{ ...call, personId: crypto.randomUUID() }, "personId"],
    ] as const) {
      const res = await org.steward.client.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    }
    // Stewards and admins only; another organization's steward finds nothing.
    expect((await org.member.client.post(url, call)).statusCode).toBe(403);
    expect((await other.steward.client.post(url, call)).statusCode).toBe(404);
    expect((await detail(org.steward.client, id)).contacts).toEqual([]);

    // A contact before filing (after the incident) is fine; the portal's filing is later.
    expect((await org.steward.client.post(url, call)).statusCode).toBe(201);
    let g = await detail(org.steward.client, id);
    expect(g.contacts).toMatchObject([{ channel: "call", date: "2026-11-20", internal: false }]);
    expect(g.lastContact).toEqual({ date: "2026-11-23", channel: "portal" });
    expect(g.daysSinceContact).toBe(0);
    expect(g.contactOverdue).toBe(false);

    // The last day of the limit is not past it; the next business day is.
    clock.setDay("2026-12-08");
    g = await detail(org.steward.client, id);
    expect([g.daysSinceContact, g.contactOverdue]).toEqual([15, false]);
    clock.setDay("2026-12-09");
    g = await detail(org.steward.client, id);
    expect([g.daysSinceContact, g.contactOverdue]).toEqual([16, true]);
    expect(g.grievantContacts).toMatchObject([{ name: "Contact Local Member", overdue: true }]);
    const board = (await org.steward.client.get("/api/deadlines")).json() as TBoardPage;
    expect(board.items.find((i) => i.grievanceId === id)).toMatchObject({
      daysSinceContact: 16,
      contactOverdue: true,
    });
    const stats = (await org.steward.client.get("/api/dashboard-stats")).json();
    expect(stats.contactOverdue).toBeGreaterThanOrEqual(1);
    expect((await org.member.client.get("/api/dashboard-stats")).json().contactOverdue).toBeNull();

    // A meeting yesterday, with an internal summary: the clock restarts from it.
    const secret = "Strategy: we may trade this case for the overtime one.";
    const res = await org.steward.client.post(url, {
      channel: "meeting",
      date: "2026-12-08",
      summary: secret,
      internal: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    g = await detail(org.steward.client, id);
    expect(g.lastContact).toEqual({ date: "2026-12-08", channel: "meeting" });
    expect([g.daysSinceContact, g.contactOverdue]).toEqual([1, false]);
    expect(g.contacts.map((c) => c.summary)).toEqual([secret, call.summary]);

    // The grievant sees the dates and channels, never the internal summary.
    const mine = await org.member.client.get(`/api/grievances/${id}`);
    expect(mine.body).not.toContain("trade this case");
    expect((mine.json() as TGrievance).contacts).toMatchObject([
      { channel: "meeting", date: "2026-12-08", summary: null, internal: true },
      { channel: "call", date: "2026-11-20", summary: call.summary },
    ]);
    expect((await org.member.client.get(`/api/grievances/${id}/case-file.pdf`)).body).not.toContain(
      "trade this case",
    );
  }, 60_000);

  it("counts the union's portal comment, mailed to the grievant, as a contact", async () => {
    clock.setDay("2026-11-23");
    const { id } = await fileGrievance(org.member.client);
    expect((await detail(org.steward.client, id)).lastContact).toEqual({
      date: "2026-11-23",
      channel: "portal",
    });
    // The activity log is written on the database's clock, not the test's: today, for real.
    await org.steward.client.post(`/api/grievances/${id}/comments`, { text: "Hearing set." });
    const g = await detail(org.steward.client, id);
    expect(g.lastContact).toEqual({
      date: todayIn("America/New_York", new Date()),
      channel: "portal",
    });
    // The grievant's own comment is no contact from the union.
    clock.setDay("2026-12-28");
    const before = (await detail(org.steward.client, id)).lastContact;
    await org.member.client.post(`/api/grievances/${id}/comments`, { text: "Any news?" });
    expect((await detail(org.steward.client, id)).lastContact).toEqual(before);
  }, 60_000);

  it("asks which grievant of a group grievance was contacted, and keeps a clock for each", async () => {
    clock.setDay("2026-11-23");
    const res = await org.steward.client.post("/api/grievances", {
      name: "Group",
      badgeNumber: "G-1",
      jobTitle: "Machine Operator",
      department: "Manufacturing",
      location: "Main Office",
      description: "Scheduled overtime was given out of seniority order twice this month.",
      remedy: "Pay the missed overtime and follow the seniority list.",
      type: "group",
      grievantIds: [org.member.id, org.admin.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const g = res.json() as TGrievance;
    const url = `/api/grievances/${g.id}/contacts`;
    const call = { channel: "text", summary: "Sent the hearing date.", date: "2026-11-23" };
    const needs = await org.steward.client.post(url, call);
    expect(needs.statusCode).toBe(400);
    expect(needs.json().error.fields.personId).toContain("say which one");
    const member = g.grievantContacts.find((c) => c.name === "Contact Local Member");
    expect(member).toBeDefined();
    clock.setDay("2026-12-09");
    const ok = await org.steward.client.post(url, {
      ...call,
      date: "2026-12-09",
      personId: member?.personId,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const now = await detail(org.steward.client, g.id);
    // The admin, not contacted since filing, is the one waiting longest.
    expect(now.grievantContacts.map((c) => [c.name, c.overdue])).toEqual([
      ["Contact Local Admin", true],
      ["Contact Local Member", false],
    ]);
    expect([now.daysSinceContact, now.contactOverdue]).toEqual([16, true]);
    // Each grievant sees only their own contacts.
    expect((await detail(org.admin.client, g.id)).contacts.length).toBe(1); // admins see all
    const mine = await detail(org.member.client, g.id);
    expect(mine.contacts.map((c) => c.personId)).toEqual([member?.personId]);
    expect(mine.grievantContacts.map((c) => c.personId)).toEqual([member?.personId]);
  }, 60_000);
});

describe("log a contact from the roster", () => {
  it("lists a person's open grievances where they are a grievant, to stewards and admins only", async () => {
    clock.setDay("2026-11-23");
    const local = await createOrganization(t, "Roster Contact Local");
    const mine = await fileGrievance(local.member.client, { subject: "Overtime order" });
    const personId = (await detail(local.steward.client, mine.id)).grievantContacts[0]?.personId;
    expect(personId).toBeTruthy();
    // A group grievance naming the member counts; the admin's own case and a closed one do not.
    const group = await local.steward.client.post("/api/grievances", {
      name: "Shift group",
      badgeNumber: "G-2",
      jobTitle: "Machine Operator",
      department: "Manufacturing",
      location: "Main Office",
      description: "Night shift lost its premium.",
      remedy: "Restore the premium.",
      type: "group",
      grievantIds: [local.member.id, local.admin.id],
    });
    expect(group.statusCode, group.body).toBe(201);
    await fileGrievance(local.admin.client);
    const closed = await fileGrievance(local.member.client);
    const close = await local.steward.client.post(`/api/grievances/${closed.id}/close`, {
      outcome: "withdrawn",
      summary: "Withdrawn.",
      reason: "The member asked to stop.",
    });
    expect(close.statusCode, close.body).toBe(200);

    const url = `/api/roster/${personId}/grievances`;
    const res = await local.steward.client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { items: { id: string; type: string }[] }).items;
    expect(ids.map((i) => i.id).sort()).toEqual([mine.id, group.json().id].sort());
    expect((await local.admin.client.get(url)).statusCode).toBe(200);
    expect((await local.member.client.get(url)).statusCode).toBe(403);
    // Nobody, not an id, or another local's person: 404, nothing told.
    expect(
      (await local.steward.client.get(`/api/roster/${crypto.randomUUID()}/grievances`)).statusCode,
    ).toBe(404);
    expect((await local.steward.client.get("/api/roster/not-an-id/grievances")).statusCode).toBe(
      404,
    );
    expect((await other.steward.client.get(url)).statusCode).toBe(404);

    // The roster's pick then logs the contact on that case, for that person.
    const logged = await local.steward.client.post(`/api/grievances/${group.json().id}/contacts`, {
      channel: "call",
      date: "2026-11-23",
      summary: "Called about the premium.",
      personId,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const g = await detail(local.steward.client, group.json().id);
    expect(g.contacts).toMatchObject([
      { channel: "call", personId, summary: "Called about the premium." },
    ]);
  });
});

describe("ask my steward", () => {
  it("dates the reply by the engine, tells the assigned steward, and mails the one reply once", async () => {
    clock.setDay("2026-11-25"); // Wednesday: Thanksgiving and the weekend are skipped
    const { id } = await fileGrievance(org.member.client);
    const assign = await org.admin.client.post(`/api/grievances/${id}/assign`, {
      userId: org.steward.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const url = `/api/grievances/${id}/questions`;
    // Bad input, and people who are not its grievant.
    expect((await org.member.client.post(url, { text: "  " })).statusCode).toBe(400);
    expect((await org.member.client.post(url, {})).statusCode).toBe(400);
    expect((await org.steward.client.post(url, { text: "Me?" })).statusCode).toBe(403);
    expect((await other.member.client.post(url, { text: "Hello?" })).statusCode).toBe(404);

    const asked = await org.member.client.post(url, { text: "When is the hearing?" });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id: questionId, replyDueOn } = asked.json();
    // Two business days from Wed 25 Nov: Fri 27, Mon 30.
    expect(replyDueOn).toBe("2026-11-30");
    const told = await t.waitForMail(
      org.steward.email,
      `A question from Contact Local Member on ${id}`,
    );
    expect(told.text).toContain("When is the hearing?");
    expect(told.text).toContain("Mon 30 Nov 2026");
    const admins = await t.mailsTo(org.admin.email);
    expect(admins.filter((m) => m.subject.startsWith("A question"))).toEqual([]);

    // On the board's list until answered, overdue after its date.
    clock.setDay("2026-12-01");
    const open = (await org.steward.client.get("/api/questions")).json();
    expect(open.items).toMatchObject([
      { id: questionId, grievanceId: id, overdue: true, reply: null },
    ]);
    expect((await other.steward.client.get("/api/questions")).json().items).toEqual([]);

    // Another organization's steward, a member, a bad id: nothing answered.
    const replyUrl = `${url}/${questionId}/reply`;
    expect((await other.steward.client.post(replyUrl, { text: "x" })).statusCode).toBe(404);
    expect(
      (await other.steward.client.post(`/api/questions/${questionId}/reply`, { text: "x" }))
        .statusCode,
    ).toBe(404);
    expect((await org.member.client.post(replyUrl, { text: "x" })).statusCode).toBe(403);
    expect((await org.steward.client.post(`${url}/nope/reply`, { text: "x" })).statusCode).toBe(
      400,
    );

    // A double click and a second steward at once: one reply, one mail.
    const replies = await Promise.all([
      org.steward.client.post(replyUrl, { text: "The hearing is on 10 December." }),
      org.steward.client.post(replyUrl, { text: "The hearing is on 10 December." }),
      org.admin.client.post(replyUrl, { text: "Someone else answers too." }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const mails = await t.mailsTo(org.member.email);
    const answers = mails.filter((m) => m.subject.endsWith("answered your question"));
    expect(answers).toHaveLength(1);
    expect(answers[0]?.text).toContain("You asked: When is the hearing?");
    const mine = await detail(org.member.client, id);
    expect(mine.questions).toMatchObject([{ id: questionId, overdue: false }]);
    expect(mine.questions[0]?.reply?.text).toBe(
      answers[0]?.text.includes("Someone else")
        ? "Someone else answers too."
        : "The hearing is on 10 December.",
    );
    expect((await org.steward.client.get("/api/questions")).json().items).toEqual([]);
  }, 60_000);

  it("takes a question from the dashboard to every steward, in their language, and the reply to the member", async () => {
    clock.setDay("2026-11-23");
    const spanish = await org.member.client.request("PUT", "/api/profile/language", {
      language: "es",
    });
    expect(spanish.statusCode, spanish.body).toBeLessThan(300);
    const asked = await org.member.client.post("/api/questions", {
      text: "¿Tengo derecho a un delegado?",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id } = asked.json();
    expect(asked.json().replyDueOn).toBe("2026-11-25");
    await t.waitForMail(org.steward.email, "A question from Contact Local Member");
    const res = await org.steward.client.post(`/api/questions/${id}/reply`, { text: "Sí." });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.waitForMail(
      org.member.email,
      "Contact Local Steward respondió a su pregunta",
    );
    expect(mail.text).toContain("Sí.");
    const mine = (await org.member.client.get("/api/questions")).json();
    expect(mine.items.find((q: { id: string }) => q.id === id)).toMatchObject({
      id,
      grievanceId: null,
      reply: { text: "Sí." },
    });
    await org.member.client.request("PUT", "/api/profile/language", { language: "en" });
  }, 60_000);
});

describe("decisions with reasons", () => {
  it("refuses withdrawing, settling or not going on without a reason, and sends the notice once with the appeal deadline", async () => {
    clock.setDay("2026-11-23");
    const current = (await org.admin.client.get("/api/organization/procedure")).json();
    const put = (body: unknown) =>
      org.admin.client.request("PUT", "/api/organization/procedure", body);
    const blank = await put({ ...current, internalAppeal: { text: " ", days: 30 } });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields)).toEqual(["internalAppeal.text"]);
    const route = "Write to the executive board, Local 12, 100 Main St.";
    const saved = await put({ ...current, internalAppeal: { text: route, days: 30 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().internalAppeal).toEqual({ text: route, days: 30 });

    const { id } = await fileGrievance(org.member.client);
    const close = (body: Record<string, unknown>) =>
      org.steward.client.post(`/api/grievances/${id}/close`, { summary: "Closed.", ...body });
    for (const outcome of ["withdrawn", "settled", "denied"]) {
      const res = await close({ outcome });
      expect(res.statusCode, outcome).toBe(400);
      expect(res.json().error.fields, outcome).toHaveProperty("reason");
      expect((await close({ outcome, reason: "   " })).statusCode).toBe(400);
    }
    expect((await detail(org.steward.client, id)).status).not.toBe("resolved");

    const reason = "The employer's records show the overtime was offered by seniority.";
    const closes = await Promise.all([
      close({ outcome: "withdrawn", reason }),
      close({ outcome: "withdrawn", reason }),
    ]);
    expect(closes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const notices = (await detail(org.member.client, id)).notices;
    // 30 calendar days from Mon 23 Nov: Wed 23 Dec.
    expect(notices).toMatchObject([
      { kind: "withdrawn", step: "Step 1", reason, appeal: { text: route, dueOn: "2026-12-23" } },
    ]);
    const mails = (await t.mailsTo(org.member.email)).filter((m) =>
      m.subject.startsWith(`A decision on your grievance ${id}`),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(reason);
    expect(mails[0]?.text).toContain(route);
    expect(mails[0]?.text).toContain("Wed 23 Dec 2026");

    // Back to no appeal route for the other tests.
    await put({ ...current, internalAppeal: null });
  }, 60_000);
});

describe("the representation record", () => {
  it("prints the procedure, deadlines, contacts, questions and decisions; the grievant's copy without internal summaries", async () => {
    clock.setDay("2026-11-23");
    const { id } = await fileGrievance(org.member.client, { incidentDate: "2026-11-18" });
    const secret = "Internal: the steward doubts the witness.";
    for (const body of [
      { channel: "call", date: "2026-11-23", summary: "Explained the steps." },
      { channel: "in_person", date: "2026-11-23", summary: secret, internal: true },
    ])
      expect(
        (await org.steward.client.post(`/api/grievances/${id}/contacts`, body)).statusCode,
      ).toBe(201);
    const q = (
      await org.member.client.post(`/api/grievances/${id}/questions`, {
        text: "Will I get back pay?",
      })
    ).json();
    await org.steward.client.post(`/api/grievances/${id}/questions/${q.id}/reply`, {
      text: "If we win, yes.",
    });
    const reason = "The member found a new job and asked to stop.";
    expect(
      (
        await org.steward.client.post(`/api/grievances/${id}/close`, {
          outcome: "withdrawn",
          summary: "Withdrawn.",
          reason,
        })
      ).statusCode,
    ).toBe(200);
    const url = `/api/grievances/${id}/representation-record.pdf`;
    expect((await org.member.client.get(url)).statusCode).toBe(403);
    expect((await other.steward.client.get(url)).statusCode).toBe(404);
    expect((await org.steward.client.get(`${url}?copy=everything`)).statusCode).toBe(400);

    const text = async (path: string) => {
      const res = await org.steward.client.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
      return pdfText(res.rawPayload);
    };
    const union = await text(url);
    for (const item of [
      `Representation record ${id}`,
      "Filing limit: 30 calendar days",
      "Step 1, Step 1: employer's answer 10 business days",
      "Contact with each grievant at least every 10 business days",
      "Filing limit,", // the filing deadline and its explanation
      "Employer's answer, due",
      "call with Contact Local Member",
      "Explained the steps.",
      secret,
      "Will I get back pay?",
      "If we win, yes.",
      "reply due Wed 25 Nov 2026",
      `Reason: ${reason}`,
      "Written notice sent to the grievant",
    ])
      expect(union.replace(/\s+/g, " "), item).toContain(item);
    const mine = (await text(`${url}?copy=grievant`)).replace(/\s+/g, " ");
    expect(mine).toContain("Explained the steps.");
    expect(mine).toContain("in person with Contact Local Member");
    expect(mine).not.toContain("doubts the witness");
  }, 60_000);
});
