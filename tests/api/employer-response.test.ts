import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import type { TRespondView, TService } from "../../src/shared/schemas/employer.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import type { TProcedure } from "../../src/shared/schemas/procedure.ts";
import { officeClock } from "../support/clock.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  APP_URL,
  type MailTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * Serving the employer by link (issue 20) on the default procedure (Step 1 to Arbitration, 10
 * business days each way, America/New_York). The clock starts Monday 23 November 2026.
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: MailTestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Service Local");
  other = await createOrganization(t, "Elsewhere Local");
});
afterAll(() => t.close());

const SECRET = "Internal: the supervisor admitted it off the record.";
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const textOf = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");

async function file(client: TestClient, subject = "Overtime out of seniority order") {
  const res = await client.post("/api/grievances", {
    name: "Jordan Lee",
    badgeNumber: "M-3003",
    jobTitle: "Machine Operator",
    department: "Manufacturing",
    location: "Main Office",
    subject,
    articles: ["Art. 12 Overtime"],
    description: "Scheduled overtime was given out of seniority order twice this month.",
    remedy: "Pay the missed overtime and follow the seniority list.",
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

async function contact(o: TestOrganization, name: string, email: string) {
  const res = await o.admin.client.post("/api/employer-contacts", {
    name,
    title: "HR Manager",
    email,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

/** Serves and answers the link from the mail the contact received. */
async function serve(o: TestOrganization, id: string, contactId: string, email: string) {
  const before = (await t.mailsTo(email)).length;
  const res = await o.steward.client.post(`/api/grievances/${id}/serve`, {
    contactId,
    message: "Please answer in writing.",
  });
  expect(res.statusCode, res.body).toBe(201);
  const mails = await t.mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  const token = mails.at(-1)?.text.match(/\/respond\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error("no link in the mail");
  return token;
}

const view = (token: string) => t.app.inject({ method: "GET", url: `/api/respond/${token}` });
const answer = (token: string, body: unknown) =>
  t.app.inject({ method: "POST", url: `/api/respond/${token}`, payload: body as object });
const services = async (client: TestClient, id: string) =>
  ((await client.get(`/api/grievances/${id}/services`)).json() as { items: TService[] }).items;
const detail = async (client: TestClient, id: string) =>
  (await client.get(`/api/grievances/${id}`)).json() as TGrievance;

describe("employer contacts", () => {
  it("admins keep them, stewards read them, members and other organizations cannot", async () => {
    const c = await contact(org, "Pat Morgan", "pat@employer.test");
    const list = await org.steward.client.get("/api/employer-contacts");
    expect(list.json().items).toContainEqual({
      id: c.id,
      name: "Pat Morgan",
      title: "HR Manager",
      email: "pat@employer.test",
    });
    expect((await org.member.client.get("/api/employer-contacts")).statusCode).toBe(403);
    expect(
      (await org.steward.client.post("/api/employer-contacts", { name: "X", email: "x@y.test" }))
        .statusCode,
    ).toBe(403);
    const bad = await org.admin.client.post("/api/employer-contacts", {
      name: "",
      email: "nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ name: "Enter the representative's name." });
    const patched = await org.admin.client.request("PATCH", `/api/employer-contacts/${c.id}`, {
      title: "Labor Relations",
    });
    expect(patched.json()).toMatchObject({ name: "Pat Morgan", title: "Labor Relations" });
    // Attacker/victim: another organization's admin neither sees, changes nor removes it.
    expect((await other.admin.client.get("/api/employer-contacts")).json().items).toEqual([]);
    const hijack = await other.admin.client.request("PATCH", `/api/employer-contacts/${c.id}`, {
      email: "attacker@evil.test",
    });
    expect(hijack.statusCode).toBe(404);
    expect(
      (await other.admin.client.request("DELETE", `/api/employer-contacts/${c.id}`)).statusCode,
    ).toBe(404);
    expect((await org.admin.client.get("/api/employer-contacts")).json().items).toContainEqual(
      expect.objectContaining({ id: c.id, email: "pat@employer.test" }),
    );
    expect(
      (await org.admin.client.request("DELETE", `/api/employer-contacts/${c.id}`)).statusCode,
    ).toBe(204);
    expect((await org.admin.client.get("/api/employer-contacts")).json().items).toEqual([]);
  });
});

describe("serving and answering", () => {
  let g: TGrievance;
  let dana: { id: string };
  let token: string;

  beforeAll(async () => {
    setDay("2026-11-23");
    g = await file(org.member.client);
    await org.admin.client.post(`/api/grievances/${g.id}/assign`, { userId: org.steward.id });
    await org.steward.client.post(`/api/grievances/${g.id}/comments`, {
      text: SECRET,
      internal: true,
    });
    dana = await contact(org, "Dana Reyes", "dana@employer.test");
  });

  it("serves the grievant's copy, hashed, and logs it; stewards only, never across organizations", async () => {
    expect(
      (await org.member.client.post(`/api/grievances/${g.id}/serve`, { contactId: dana.id }))
        .statusCode,
    ).toBe(403);
    // Attacker/victim (grievance ids are counted per organization, so the attacker's local has
    // none yet): another organization's steward can neither serve our grievance, nor read its
    // service records, nor serve their own grievance on our contact.
    const erin = await contact(other, "Erin Cole", "erin@elsewhere.test");
    expect(
      (await other.steward.client.post(`/api/grievances/${g.id}/serve`, { contactId: erin.id }))
        .statusCode,
    ).toBe(404);
    expect((await other.steward.client.get(`/api/grievances/${g.id}/services`)).statusCode).toBe(
      404,
    );
    const theirs = await file(other.member.client);
    const onOurs = await other.steward.client.post(`/api/grievances/${theirs.id}/serve`, {
      contactId: dana.id,
    });
    expect(onOurs.statusCode).toBe(404);
    expect(onOurs.json().error.message).toBe("Contact Not Found");
    expect((await t.mailsTo("erin@elsewhere.test")).length).toBe(0);
    expect((await t.mailsTo("dana@employer.test")).length).toBe(0);

    token = await serve(org, g.id, dana.id, "dana@employer.test");
    const mail = (await t.mailsTo("dana@employer.test"))[0];
    expect(mail?.subject).toBe(`Grievance ${g.id} served by Service Local`);
    expect(mail?.text).toContain("Your answer is due by Tue 8 Dec 2026 under the agreement");
    expect(mail?.text).not.toContain(SECRET);
    const seen = await detail(org.steward.client, g.id);
    expect(seen.activityLog[0]?.action).toBe("Served on Dana Reyes (dana@employer.test)");
    const [record] = await services(org.steward.client, g.id);
    expect(record).toMatchObject({
      step: { index: 0, name: "Step 1" },
      contact: { name: "Dana Reyes", email: "dana@employer.test" },
      servedAt: "2026-11-23T15:00:00.000Z",
      openedAt: null,
      answeredAt: null,
      active: true,
    });
    // The mail server accepted it (the catcher above); the record says when.
    expect(record?.mailAcceptedAt).toEqual(expect.any(String));
    expect(record?.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The served PDF is the grievant's copy: its hash is the one recorded, no internal note.
    const pdf = await t.app.inject({ method: "GET", url: `/api/respond/${token}/document.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(sha(pdf.rawPayload)).toBe(record?.sha256);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain("Scheduled overtime was given out of seniority order");
    expect(text).not.toContain("supervisor admitted");
    expect(text).not.toContain("Internal notes");
  });

  it("shows the grievance as served, logs the first open once, and keeps the page private", async () => {
    const res = await view(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const page = res.json() as TRespondView;
    expect(page).toMatchObject({
      organization: "Service Local",
      grievance: {
        id: g.id,
        subject: "Overtime out of seniority order",
        articles: ["Art. 12 Overtime"],
        step: { index: 0, name: "Step 1" },
      },
      dueDate: "2026-12-08",
      dueText: "Your answer is due by Tue 8 Dec 2026 under the agreement",
      contactName: "Dana Reyes",
      answer: null,
    });
    expect(res.body).not.toContain("supervisor admitted");
    expect(res.body).not.toContain("Jordan Lee"); // the page shows what the issue lists, no more
    await view(token);
    await view(token);
    const log = (await detail(org.steward.client, g.id)).activityLog;
    expect(log.filter((e) => e.action === "Opened by Dana Reyes")).toHaveLength(1);
    expect((await services(org.steward.client, g.id))[0]?.openedAt).toBe(
      "2026-11-23T15:00:00.000Z",
    );
    // The web page of the link carries the same headers.
    const html = await t.app.inject({ method: "GET", url: `/respond/${token}` });
    expect(html.headers["referrer-policy"]).toBe("no-referrer");
    expect(html.headers["x-robots-tag"]).toContain("noindex");
  });

  it("a resend keeps the earlier record; an answer stops the clock, opens the appeal and tells the assignee", async () => {
    setDay("2026-11-25");
    const resent = await serve(org, g.id, dana.id, "dana@employer.test");
    expect(resent).not.toBe(token);
    expect((await services(org.steward.client, g.id)).map((s) => s.servedAt)).toEqual([
      "2026-11-25T15:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
    ]);
    const bad = await answer(resent, { decision: "maybe", text: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      decision: "Choose denied, granted or partly granted.",
    });
    const exhibit = makePdf("Rotation", ["The overtime rotation list for November."]);
    const body = multipart(
      { decision: "denied", text: "Management followed the rotation list." },
      { filename: "rotation.pdf", contentType: "application/pdf", data: exhibit },
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/respond/${resent}`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TRespondView).answer).toMatchObject({
      decision: "denied",
      text: "Management followed the rotation list.",
    });
    const seen = await detail(org.steward.client, g.id);
    expect(seen.answers).toEqual([
      {
        step: { index: 0, name: "Step 1" },
        receivedOn: "2026-11-25",
        decision: "denied",
        text: "Management followed the rotation list.",
      },
    ]);
    expect(seen.deadlines.find((d) => d.kind === "response")).toMatchObject({
      state: "met",
      closedOn: "2026-11-25",
    });
    expect(seen.nextDeadline).toMatchObject({ kind: "appeal", dueDate: "2026-12-10" });
    expect(seen.activityLog.map((e) => `${e.user}: ${e.action}`)).toEqual(
      expect.arrayContaining([
        "Dana Reyes: Employer answered Step 1 on Wed 25 Nov 2026: denied",
        "Dana Reyes: Attached rotation.pdf",
      ]),
    );
    expect(seen.attachments.map((a) => a.name)).toContain("rotation.pdf");
    const told = (await t.mailsTo(org.steward.email)).filter(
      (m) => m.subject === `Employer answered grievance ${g.id}`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Dana Reyes answered");
    expect(told[0]?.text).toContain("Thu 10 Dec 2026");
    const [latest, first] = await services(org.steward.client, g.id);
    expect(latest?.answeredAt).toBe("2026-11-25T15:00:00.000Z");
    expect(first?.answeredAt).toBeNull();

    // A second answer is refused, by either link; the page shows the answer read-only.
    const again = await answer(resent, { decision: "granted", text: "Changed our mind." });
    expect(again.statusCode).toBe(409);
    expect((await answer(token, { decision: "granted", text: "Other link." })).statusCode).toBe(
      409,
    );
    expect((await view(token)).json().answer).toMatchObject({ decision: "denied" });
    expect((await detail(org.steward.client, g.id)).answers).toHaveLength(1);
    // Serving again at an answered step is refused.
    expect(
      (await org.steward.client.post(`/api/grievances/${g.id}/serve`, { contactId: dana.id }))
        .statusCode,
    ).toBe(409);
  });

  it("answers 404 for a wrong token, a closed step, a resolved grievance or an expired link", async () => {
    const random = randomBytes(32).toString("base64url");
    expect((await view(random)).statusCode).toBe(404);
    expect((await view("short")).statusCode).toBe(404);
    expect((await answer(random, { decision: "denied", text: "x" })).statusCode).toBe(404);
    // A link opens its own grievance only: the other organization's served grievance is not it.
    const erin = (await other.admin.client.get("/api/employer-contacts")).json().items[0];
    const theirs = await file(other.member.client, "Their grievance");
    const theirToken = await serve(other, theirs.id, erin.id, "erin@elsewhere.test");
    expect((await view(theirToken)).json().grievance.id).toBe(theirs.id);
    expect((await view(token)).json().grievance.id).toBe(g.id);

    // Another step: once appealed to Step 2, the Step 1 links open nothing.
    setDay("2026-11-26");
    await org.steward.client.post(`/api/grievances/${g.id}/appeal`, {});
    expect((await view(token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/respond/${token}/document.pdf` })).statusCode,
    ).toBe(404);
    const step2 = await serve(org, g.id, dana.id, "dana@employer.test");
    expect((await view(step2)).json().grievance.step).toEqual({ index: 1, name: "Step 2" });
    expect((await services(org.steward.client, g.id)).map((s) => s.active)).toEqual([
      true,
      false,
      false,
    ]);

    // Expired: 60 days after serving.
    setDay("2027-01-25");
    expect((await view(theirToken)).statusCode).toBe(404);
    setDay("2026-11-25");
    expect((await view(theirToken)).statusCode).toBe(200);
    // Closed: the grievance resolved.
    await other.steward.client.post(`/api/grievances/${theirs.id}/close`, {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    expect((await view(theirToken)).statusCode).toBe(404);
    expect((await answer(theirToken, { decision: "denied", text: "Late." })).statusCode).toBe(404);
  });

  it("limits requests per address", async () => {
    const random = randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/respond/${random}`,
        remoteAddress: "203.0.113.77",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("no answer by the deadline", () => {
  it("is deemed denied where the step says so, and the appeal deadline runs from the missed date", async () => {
    const o = await createOrganization(t, "Silent Employer Local");
    setDay("2026-11-23");
    const g = await file(o.member.client, "Deemed denied case");
    // A second local whose Step 1 says nothing follows.
    const n = await createOrganization(t, "No Rule Local");
    const procedure = (
      await n.admin.client.get("/api/organization/procedure")
    ).json() as TProcedure;
    expect(procedure.steps[0]?.onNoAnswer).toBe("deemed_denied");
    const put = await n.admin.client.request("PUT", "/api/organization/procedure", {
      ...procedure,
      steps: procedure.steps.map((s, i) => (i === 0 ? { ...s, onNoAnswer: "none" } : s)),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().steps[0].onNoAnswer).toBe("none");
    const h = await file(n.member.client, "Nothing follows");

    // Tue 8 Dec is the due date; the job runs after it has ended in New York.
    await markMissedDeadlines(t.db, APP_URL, new Date("2026-12-09T04:30:00Z"));
    expect((await detail(o.steward.client, g.id)).answers).toEqual([]);
    await markMissedDeadlines(t.db, APP_URL, new Date("2026-12-09T05:30:00Z"));
    setDay("2026-12-09");
    const seen = await detail(o.steward.client, g.id);
    expect(seen.activityLog[0]?.action).toBe(
      "No answer by Tue 8 Dec 2026: deemed denied under the agreement",
    );
    expect(seen.answers).toEqual([
      {
        step: { index: 0, name: "Step 1" },
        receivedOn: "2026-12-08",
        decision: "denied",
        text: "No answer by Tue 8 Dec 2026: deemed denied under the agreement",
        // No one wrote it: the line, which each reader reads in their language (issue 31).
        line: { kind: "deemedDenied", params: { day: "2026-12-08" } },
      },
    ]);
    const response = seen.deadlines.find((d) => d.kind === "response");
    expect(response).toMatchObject({ state: "missed", closedOn: "2026-12-08" });
    expect(response?.explanation.at(-1)).toBe(
      "no answer by Tue 8 Dec 2026: deemed denied under the agreement",
    );
    const appeal = seen.deadlines.find((d) => d.kind === "appeal");
    expect(appeal).toMatchObject({ state: "open", dueDate: "2026-12-22" });
    expect(appeal?.explanation[0]).toBe(
      "Union appeal to Step 2: 10 business days from Tue 8 Dec 2026 (no answer by that day: deemed denied under the agreement)",
    );
    expect(seen.nextDeadline).toMatchObject({ kind: "appeal", dueDate: "2026-12-22" });
    expect(seen.status).toBe("pending");
    // The grievant hears it as their own grievance's news.
    expect((await detail(o.member.client, g.id)).activityLog[0]?.action).toBe(
      "No answer by Tue 8 Dec 2026: deemed denied under the agreement",
    );

    // Where the step says 'none', the missed deadline stays as it is for the steward.
    const other = await detail(n.steward.client, h.id);
    expect(other.answers).toEqual([]);
    expect(other.nextDeadline).toMatchObject({ kind: "response", state: "missed" });
    // A second run changes nothing.
    await markMissedDeadlines(t.db, APP_URL, new Date("2026-12-09T06:30:00Z"));
    expect((await detail(o.steward.client, g.id)).answers).toHaveLength(1);
  });
});
