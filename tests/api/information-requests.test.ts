import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { sendInformationReminders } from "../../src/server/modules/information-requests/index.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import type {
  TInformationRequest,
  TInformationRespondView,
} from "../../src/shared/schemas/information-requests.ts";
import type { TProcedure } from "../../src/shared/schemas/procedure.ts";
import { officeClock } from "../support/clock.ts";
import { reportSummaryRaw } from "../support/reports-reference.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * Information requests (issue 33) on the default procedure (10 business days, America/New_York,
 * US holidays: Thanksgiving is Thu 26 Nov 2026). The clock starts Monday 23 November 2026.
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: MailTestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Request Local");
  other = await createOrganization(t, "Elsewhere Local");
});
afterAll(() => t.close());

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const textOf = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-", "-"], { input: pdf }).toString("utf8").replace(/\s+/g, " ");

/** A grievance filed by the organization's member (its grievant). */
async function file(o: TestOrganization, subject = "Suspended without cause") {
  const res = await o.member.client.post("/api/grievances", {
    name: "Jordan Lee",
    badgeNumber: "M-3003",
    jobTitle: "Machine Operator",
    department: "Manufacturing",
    location: "Main Office",
    subject,
    articles: ["Art. 7 Discipline"],
    description: "Suspended three days with no investigation.",
    remedy: "Rescind the suspension and pay the lost days.",
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

async function contact(o: TestOrganization, email: string) {
  const res = await o.admin.client.post("/api/employer-contacts", {
    name: "Pat Morgan",
    title: "HR Manager",
    email,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

const create = (o: TestOrganization, grievanceId: string, body: unknown) =>
  o.steward.client.post(`/api/grievances/${grievanceId}/information-requests`, body);
const list = async (o: TestOrganization, grievanceId: string, who: "steward" | "member") =>
  (
    (await o[who].client.get(`/api/grievances/${grievanceId}/information-requests`)).json() as {
      items: TInformationRequest[];
    }
  ).items;
const respond = (token: string) => t.app.inject({ method: "GET", url: `/api/respond/${token}` });
const answer = (token: string, body: unknown) =>
  t.app.inject({ method: "POST", url: `/api/respond/${token}`, payload: body as object });

describe("a request served by link, answered in two visits", () => {
  let g: TGrievance;
  let r: TInformationRequest;
  let token: string;
  const evidence = makePdf("Attendance", ["Clock-in records, November."]);

  beforeAll(async () => {
    setDay("2026-11-23");
    g = await file(org);
  });

  it("creates a request with its items, a due date and the engine's explanation", async () => {
    const bad = await create(org, g.id, { items: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Add at least one item to ask for.");
    const res = await create(org, g.id, {
      items: [
        { text: "The grievant's attendance records" },
        { text: "Video of the incident" },
        { text: "Witness statements" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    r = res.json();
    expect(r).toMatchObject({
      dueDate: "2026-12-08",
      state: "open",
      servedOn: null,
      items: [
        { text: "The grievant's attendance records", state: "pending" },
        { text: "Video of the incident", state: "pending" },
        { text: "Witness statements", state: "pending" },
      ],
    });
    expect(r.explanation).toEqual([
      "Information request: 10 business days from Mon 23 Nov 2026 (requested)",
      "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
      "skipped weekend 28 to 29 Nov",
      "skipped weekend 5 to 6 Dec",
      "due Tue 8 Dec 2026",
    ]);
  });

  it("serves it by link: the due date counts from the day served, the mail carries the link", async () => {
    setDay("2026-11-24");
    const c = await contact(org, "pat@employer.test");
    const res = await org.steward.client.post(`/api/information-requests/${r.id}/serve`, {
      contactId: c.id,
      message: "Please send these by the due date.",
    });
    expect(res.statusCode, res.body).toBe(200);
    r = res.json();
    expect(r).toMatchObject({ servedOn: "2026-11-24", servedVia: "link", dueDate: "2026-12-09" });
    expect(r.explanation[0]).toBe(
      "Information request: 10 business days from Tue 24 Nov 2026 (served)",
    );
    const mail = await t.waitForMail("pat@employer.test");
    expect(mail.text).toContain("Video of the incident");
    token = mail.text.match(/\/respond\/(ir_[A-Za-z0-9_-]{43})/)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(mail.text).toContain(`${APP_URL}/respond/${token}`);
  });

  it("the employer opens it (logged once) and answers two items with a file", async () => {
    const first = await respond(token);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json() as TInformationRespondView;
    expect(view).toMatchObject({
      kind: "information_request",
      organization: "Request Local",
      grievance: { id: g.id, subject: "Suspended without cause" },
      dueDate: "2026-12-09",
      state: "open",
    });
    expect(view.items.map((i) => i.state)).toEqual(["pending", "pending", "pending"]);
    expect(JSON.stringify(view)).not.toContain("Jordan Lee");
    expect((await respond(token)).statusCode).toBe(200);

    const [attendance, video, witnesses] = r.items.map((i) => i.id) as [string, string, string];
    const body = multipart(
      {
        items: JSON.stringify([
          { id: attendance, state: "provided", note: "Attached." },
          { id: video, state: "refused", note: "Security footage is confidential." },
        ]),
      },
      { field: `item:${attendance}`, filename: "attendance.pdf", data: evidence },
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/respond/${token}`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as TInformationRespondView;
    expect(after.items.map((i) => i.state)).toEqual(["provided", "refused", "pending"]);
    expect(after.items[0]?.files).toEqual([
      { name: "attendance.pdf", size: evidence.length, sha256: sha(evidence) },
    ]);
    expect(after.state).toBe("open");

    // The same answer again (a double click) changes nothing; another answer is refused.
    const again = await answer(token, {
      items: [{ id: video, state: "refused", note: "Security footage is confidential." }],
    });
    expect(again.statusCode).toBe(200);
    const changed = await answer(token, { items: [{ id: video, state: "provided" }] });
    expect(changed.statusCode).toBe(409);
    // An item of no request of this token opens nothing.
    const foreign = await answer(token, {
      items: [{ id: "00000000-0000-4000-8000-000000000000", state: "provided" }],
    });
    expect(foreign.statusCode).toBe(404);
    const invalid = await answer(token, { items: [{ id: witnesses, state: "maybe" }] });
    expect(invalid.statusCode).toBe(400);
    // A NUL or half an emoji in a multipart note is refused like in a JSON body.
    for (const note of ["a\u0000b", "x\ud800y"]) {
      const broken = multipart({
        items: JSON.stringify([{ id: witnesses, state: "provided", note }]),
      });
      const res = await t.app.inject({
        method: "POST",
        url: `/api/respond/${token}`,
        payload: broken.payload,
        headers: broken.headers,
      });
      expect(res.statusCode, res.body).toBe(400);
    }

    // The rest later: the request is answered that day.
    setDay("2026-11-30");
    const rest = await answer(token, { items: [{ id: witnesses, state: "does_not_exist" }] });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as TInformationRespondView).state).toBe("answered");
  });

  it("the steward sees every answer, opening and file logged once, with times and SHA-256", async () => {
    const [mine] = await list(org, g.id, "steward");
    expect(mine).toMatchObject({ state: "answered", answeredOn: "2026-11-30" });
    const log = mine?.log ?? [];
    expect(log.map((e) => e.kind)).toEqual([
      "created",
      "served",
      "opened",
      "answer",
      "answer",
      "file",
      "answer",
    ]);
    expect(log.filter((e) => e.kind === "answer").map((e) => [e.state, e.onDay, e.via])).toEqual([
      ["provided", "2026-11-24", "link"],
      ["refused", "2026-11-24", "link"],
      ["does_not_exist", "2026-11-30", "link"],
    ]);
    expect(log.find((e) => e.kind === "file")).toMatchObject({
      fileName: "attendance.pdf",
      sha256: sha(evidence),
      actor: "Pat Morgan",
    });
    for (const e of log) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    const fileId = mine?.items[0]?.files?.[0]?.id;
    const download = await org.steward.client.get(
      `/api/information-requests/${mine?.id}/files/${fileId}`,
    );
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(sha(evidence));
  });

  it("the grievant sees the items' states and nothing internal, and changes nothing", async () => {
    const [seen] = await list(org, g.id, "member");
    expect(seen).toEqual({
      id: r.id,
      grievanceId: g.id,
      dueDate: "2026-12-09",
      state: "answered",
      servedOn: "2026-11-24",
      answeredOn: "2026-11-30",
      lines: [],
      explanation: [],
      items: [
        {
          id: r.items[0]?.id,
          text: "The grievant's attendance records",
          state: "provided",
          answeredOn: "2026-11-24",
        },
        {
          id: r.items[1]?.id,
          text: "Video of the incident",
          state: "refused",
          answeredOn: "2026-11-24",
        },
        {
          id: r.items[2]?.id,
          text: "Witness statements",
          state: "does_not_exist",
          answeredOn: "2026-11-30",
        },
      ],
    });
    const member = org.member.client;
    expect(
      (
        await member.post(`/api/grievances/${g.id}/information-requests`, {
          items: [{ text: "x" }],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await member.post(`/api/information-requests/${r.id}/serve`, { servedOn: "2026-11-24" }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await member.post(`/api/information-requests/${r.id}/items/${r.items[0]?.id}`, {
          state: "refused",
          answeredOn: "2026-11-24",
        })
      ).statusCode,
    ).toBe(403);
  });

  it("the case file holds the requests and their log; the grievant's copy has no notes", async () => {
    const staff = await org.steward.client.get(`/api/grievances/${g.id}/case-file.pdf`);
    expect(staff.statusCode).toBe(200);
    const text = textOf(staff.rawPayload);
    expect(text).toContain("Information requests");
    expect(text).toContain("3. Witness statements: does not exist");
    expect(text).toContain(
      `file attendance.pdf for item 1 from Pat Morgan (SHA-256 ${sha(evidence)})`,
    );
    expect(text).toContain("Security footage is confidential.");
    const own = await org.member.client.get(`/api/grievances/${g.id}/case-file.pdf`);
    const mine = textOf(own.rawPayload);
    expect(mine).toContain("2. Video of the incident: refused");
    expect(mine).not.toContain("Security footage is confidential.");
  });

  it("another organization gets 404 for the request, its items, files and grievance", async () => {
    const attacker = other.admin.client;
    const itemId = r.items[2]?.id;
    expect((await attacker.get(`/api/grievances/${g.id}/information-requests`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await attacker.post(`/api/grievances/${g.id}/information-requests`, {
          items: [{ text: "x" }],
        })
      ).statusCode,
    ).toBe(404);
    const c = await contact(other, "mole@evil.test");
    expect(
      (await attacker.post(`/api/information-requests/${r.id}/serve`, { contactId: c.id }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await attacker.post(`/api/information-requests/${r.id}/items/${itemId}`, {
          state: "provided",
          answeredOn: "2026-11-30",
        })
      ).statusCode,
    ).toBe(404);
    expect((await attacker.get(`/api/information-requests/${r.id}/follow-up.pdf`)).statusCode).toBe(
      404,
    );
    const [after] = await list(org, g.id, "steward");
    expect(after?.log?.length).toBe(7);
  });

  it("a request's token opens its request only", async () => {
    // Not the served grievance's document, not a tampered token, not another request.
    expect(
      (await t.app.inject({ method: "GET", url: `/api/respond/${token}/document.pdf` })).statusCode,
    ).toBe(404);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await respond(tampered)).statusCode).toBe(404);
    expect((await respond(token.slice(3))).statusCode).toBe(404);
    // The grievance's own token opens the grievance, not the request; and the other way round.
    const c = await contact(org, "lee@employer.test");
    const servedNow = await org.steward.client.post(`/api/grievances/${g.id}/serve`, {
      contactId: c.id,
    });
    expect(servedNow.statusCode, servedNow.body).toBe(201);
    const mail = await t.waitForMail("lee@employer.test");
    const grievanceToken =
      mail.text.match(/\/respond\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/)?.[1] ?? "";
    const asGrievance = (await respond(grievanceToken)).json();
    // The document served on the employer includes the request log.
    const served = await t.app.inject({
      method: "GET",
      url: `/api/respond/${grievanceToken}/document.pdf`,
    });
    expect(textOf(served.rawPayload)).toContain("item 2 answered by link on");
    expect(asGrievance.kind).toBeUndefined();
    expect(asGrievance.grievance.id).toBe(g.id);
    const refused = await answer(grievanceToken, {
      items: [{ id: r.items[0]?.id, state: "provided" }],
    });
    expect(refused.statusCode).toBe(400);
    const asRequest = await answer(token, { decision: "granted", text: "ok" });
    expect(asRequest.statusCode).toBe(400);
    const detail = (await org.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(detail.step.index).toBe(0);
  });
});

describe("paper service and paper answers, checked against the case's timeline", () => {
  it("refuses dates outside the timeline and records each paper answer", async () => {
    setDay("2026-11-25");
    const g = await file(org, "Overtime bypass");
    const early = await create(org, g.id, {
      items: [{ text: "Overtime list" }],
      servedOn: "2026-11-20",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.servedOn).toBe(
      "The request cannot be served before the grievance was filed.",
    );
    const future = await create(org, g.id, {
      items: [{ text: "Overtime list" }],
      servedOn: "2026-11-26",
    });
    expect(future.statusCode).toBe(400);
    const unserved = (
      await create(org, g.id, { items: [{ text: "Seniority list" }] })
    ).json() as TInformationRequest;
    const tooSoon = await org.steward.client.post(
      `/api/information-requests/${unserved.id}/items/${unserved.items[0]?.id}`,
      { state: "provided", answeredOn: "2026-11-25" },
    );
    expect(tooSoon.statusCode).toBe(409);

    const res = await create(org, g.id, {
      items: [{ text: "Overtime list" }, { text: "Call-in log" }],
      servedOn: "2026-11-25",
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as TInformationRequest;
    expect(r).toMatchObject({ servedOn: "2026-11-25", servedVia: "paper", dueDate: "2026-12-10" });
    const [list1, log1] = r.items.map((i) => i.id) as [string, string];
    const url = (itemId: string) => `/api/information-requests/${r.id}/items/${itemId}`;
    setDay("2026-12-01");
    const before = await org.steward.client.post(url(list1), {
      state: "provided",
      answeredOn: "2026-11-24",
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields.answeredOn).toBe(
      "An answer cannot come before the request was served.",
    );
    const later = await org.steward.client.post(url(list1), {
      state: "provided",
      answeredOn: "2026-12-02",
    });
    expect(later.statusCode).toBe(400);
    const badState = await org.steward.client.post(url(list1), {
      state: "pending",
      answeredOn: "2026-11-30",
    });
    expect(badState.statusCode).toBe(400);
    const one = await org.steward.client.post(url(list1), {
      state: "partial",
      answeredOn: "2026-11-27",
      note: "Only October's page.",
    });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as TInformationRequest).state).toBe("open");
    const two = await org.steward.client.post(url(log1), {
      state: "provided",
      answeredOn: "2026-11-30",
    });
    const done = two.json() as TInformationRequest;
    expect(done).toMatchObject({ state: "answered", answeredOn: "2026-11-30" });
    expect(done.items.map((i) => [i.state, i.answeredVia, i.note])).toEqual([
      ["partial", "paper", "Only October's page."],
      ["provided", "paper", ""],
    ]);
    expect(done.log?.map((e) => e.kind)).toEqual(["created", "served", "answer", "answer"]);
  });
});

describe("an overdue request: reminders and the follow-up letter", () => {
  it("reminds the contact and the steward once on the due date, then the letter lists what is missing", async () => {
    setDay("2026-11-23");
    const g = await file(org, "Unpaid standby time");
    const c = await contact(org, "hr@employer.test");
    const created = (
      await create(org, g.id, {
        items: [{ text: "Standby roster" }, { text: "Payroll register" }],
      })
    ).json() as TInformationRequest;
    expect(
      (await org.steward.client.get(`/api/information-requests/${created.id}/follow-up.pdf`))
        .statusCode,
    ).toBe(409);
    const served = await org.steward.client.post(`/api/information-requests/${created.id}/serve`, {
      contactId: c.id,
    });
    expect(served.json().dueDate).toBe("2026-12-08");
    const token =
      (await t.waitForMail("hr@employer.test")).text.match(
        /\/respond\/(ir_[A-Za-z0-9_-]{43})/,
      )?.[1] ?? "";
    setDay("2026-11-24");
    await answer(token, { items: [{ id: created.items[0]?.id, state: "provided" }] });

    // 06:00 in New York on the due date: not yet; 10:00: once, whatever the number of runs.
    expect(await sendInformationReminders(t.db, APP_URL, new Date("2026-12-08T11:00:00Z"))).toBe(0);
    const at = new Date("2026-12-08T15:00:00Z");
    const [a, b] = await Promise.all([
      sendInformationReminders(t.db, APP_URL, at),
      sendInformationReminders(t.db, APP_URL, at),
    ]);
    expect(a + b).toBe(1);
    expect(await sendInformationReminders(t.db, APP_URL, at)).toBe(0);
    const mails = await t.mailsTo("hr@employer.test");
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`Reminder: information for grievance ${g.id} is due today`);
    expect(mails[1]?.text).toContain("Payroll register");
    expect(mails[1]?.text).not.toContain("Standby roster");
    const admin = (await t.mailsTo(org.admin.email)).filter((m) => m.subject.includes("due today"));
    expect(admin).toHaveLength(1);

    setDay("2026-12-10");
    const [r] = (await list(org, g.id, "steward")).filter((x) => x.id === created.id);
    expect(r?.state).toBe("overdue");
    const res = await org.steward.client.get(
      `/api/information-requests/${created.id}/follow-up.pdf`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = textOf(res.rawPayload);
    expect(text).toContain("Request Local");
    expect(text).toContain(
      `Re: grievance ${g.id} (Unpaid standby time): information still missing`,
    );
    expect(text).toContain("Still missing 1. Payroll register");
    expect(text).not.toContain("Standby roster (");
    expect(text).toContain("Timeline");
    expect(text).toContain("served by link on");
    expect(text).toContain("item 1 answered by link on");
    expect(text).toContain("reminder sent");
    const [logged] = (await list(org, g.id, "steward")).filter((x) => x.id === created.id);
    expect(logged?.log?.at(-1)).toMatchObject({ kind: "letter", sha256: sha(res.rawPayload) });

    // Served again, the follow-up lists only what is missing, and its link gives the letter.
    const again = await org.steward.client.post(`/api/information-requests/${created.id}/serve`, {
      contactId: c.id,
    });
    expect(again.json()).toMatchObject({ servedOn: "2026-11-23", dueDate: "2026-12-08" });
    const followUp = (await t.mailsTo("hr@employer.test")).at(-1);
    expect(followUp?.text).toContain("follows up on its information request");
    expect(followUp?.text).toContain("1. Payroll register");
    expect(followUp?.text).not.toContain("Standby roster");
    const newToken = followUp?.text.match(/\/respond\/(ir_[A-Za-z0-9_-]{43})/)?.[1] ?? "";
    expect((await respond(token)).statusCode).toBe(404);
    expect((await respond(newToken)).json()).toMatchObject({ state: "overdue", letter: true });
    const byLink = await t.app.inject({
      method: "GET",
      url: `/api/respond/${newToken}/document.pdf`,
    });
    expect(byLink.statusCode).toBe(200);
    expect(textOf(byLink.rawPayload)).toContain("Still missing 1. Payroll register");
  });
});

describe("tolling the grievance's running deadline", () => {
  let toll: TestOrganization;
  beforeAll(async () => {
    toll = await createOrganization(t, "Toll Local");
  });

  async function setProcedure(change: (p: TProcedure) => TProcedure) {
    const p = (await toll.admin.client.get("/api/organization/procedure")).json() as TProcedure;
    const res = await toll.admin.client.request("PUT", "/api/organization/procedure", change(p));
    expect(res.statusCode, res.body).toBe(200);
  }
  const deadline = async (id: string) =>
    ((await toll.steward.client.get(`/api/grievances/${id}`)).json() as TGrievance).deadlines.find(
      (d) => d.kind === "response",
    );

  async function requestAndAnswer(id: string, servedOn: string, answeredOn: string) {
    const r = (
      await create(toll, id, { items: [{ text: "Personnel file" }], servedOn })
    ).json() as TInformationRequest;
    setDay(answeredOn);
    const res = await toll.steward.client.post(
      `/api/information-requests/${r.id}/items/${r.items[0]?.id}`,
      {
        state: "provided",
        answeredOn,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
  }

  it("off (the default): the deadline runs on and its explanation says nothing", async () => {
    setDay("2026-11-23");
    const g = await file(toll);
    setDay("2026-11-24");
    await requestAndAnswer(g.id, "2026-11-24", "2026-12-02");
    const d = await deadline(g.id);
    expect(d?.dueDate).toBe("2026-12-08");
    expect(d?.explanation.join("\n")).not.toContain("information request");
  });

  it("on, business days: stopped from service to the last answer, and the explanation says so", async () => {
    await setProcedure((p) => ({ ...p, tollWhileInformationPending: true }));
    setDay("2026-11-23");
    const g = await file(toll);
    setDay("2026-11-24");
    const r = (
      await create(toll, g.id, {
        items: [{ text: "Personnel file" }, { text: "Video" }],
        servedOn: "2026-11-24",
      })
    ).json() as TInformationRequest;
    expect((await deadline(g.id))?.state).toBe("paused");
    setDay("2026-11-27");
    const url = (i: number) => `/api/information-requests/${r.id}/items/${r.items[i]?.id}`;
    await toll.steward.client.post(url(0), { state: "provided", answeredOn: "2026-11-27" });
    expect((await deadline(g.id))?.state).toBe("paused");
    setDay("2026-12-02");
    await toll.steward.client.post(url(1), { state: "refused", answeredOn: "2026-12-02" });
    const d = await deadline(g.id);
    expect(d).toMatchObject({ state: "open", dueDate: "2026-12-15" });
    expect(d?.explanation.slice(-4)).toEqual([
      "information request pending from Tue 24 Nov 2026 to Wed 2 Dec 2026: 5 business days tolled",
      "moved by 5 business days from Tue 8 Dec 2026",
      "skipped weekend 12 to 13 Dec",
      "due Tue 15 Dec 2026",
    ]);
    const detail = (await toll.steward.client.get(`/api/grievances/${g.id}`)).json() as TGrievance;
    expect(detail.nextDeadline?.dueDate).toBe("2026-12-15");
  });

  it("on, calendar days: moved by every day pending and rolled off the weekend", async () => {
    await setProcedure((p) => ({
      ...p,
      steps: p.steps.map((s, i) =>
        i === 0 ? { ...s, responseLimit: { days: 30, dayType: "calendar" } } : s,
      ),
    }));
    setDay("2026-11-23");
    const g = await file(toll);
    expect((await deadline(g.id))?.dueDate).toBe("2026-12-23");
    setDay("2026-12-01");
    await requestAndAnswer(g.id, "2026-12-01", "2026-12-11");
    const d = await deadline(g.id);
    expect(d).toMatchObject({ state: "open", dueDate: "2027-01-04" });
    expect(d?.explanation.slice(-5)).toEqual([
      "information request pending from Tue 1 Dec 2026 to Fri 11 Dec 2026: 10 calendar days tolled",
      "moved by 10 calendar days from Wed 23 Dec 2026",
      "Sat 2 Jan 2027 is not a business day: moved to the next one",
      "skipped weekend 2 to 3 Jan",
      "due Mon 4 Jan 2027",
    ]);
  });
});

describe("reports", () => {
  it("give the employer's median days to answer and the share answered in time", async () => {
    // Request Local: one answered 6 days after service, one 5 days after, both in time; the
    // overdue one is not answered; the tolling local's requests are its own.
    const res = await org.admin.client.get("/api/reports/summary?from=2026-11-01&to=2026-12-31");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().information).toEqual({
      answered: 2,
      medianDaysToAnswer: 5.5,
      answeredInTime: 1,
    });
    // The reference reads the same from the rows (tests/support/reports-reference.ts).
    const raw = await withTenant(t.db, org.id, (trx) =>
      reportSummaryRaw(trx, org.id, {
        from: "2026-11-01",
        to: "2026-12-31",
        timeZone: "America/New_York",
      }),
    );
    expect(raw.information).toEqual(res.json().information);
    const none = await other.admin.client.get("/api/reports/summary?from=2026-11-01&to=2026-12-31");
    expect(none.json().information).toEqual({
      answered: 0,
      medianDaysToAnswer: null,
      answeredInTime: null,
    });
  });
});

describe("the library of item texts", () => {
  it("starts with the common requests; the local adds and removes its own and the defaults", async () => {
    const lib = async (o: TestOrganization) =>
      (await o.steward.client.get("/api/information-request-library")).json().items as {
        id: string;
        key: string | null;
        text: string;
      }[];
    const start = await lib(org);
    expect(start.map((i) => i.key)).toEqual([
      "personnelFile",
      "disciplineFile",
      "attendance",
      "comparables",
      "policies",
      "video",
      "emails",
      "witnessStatements",
      "seniorityList",
    ]);
    const added = await org.steward.client.post("/api/information-request-library", {
      text: "  Overtime offer sheets  ",
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ key: null, text: "Overtime offer sheets" });
    const twice = await org.steward.client.post("/api/information-request-library", {
      text: "overtime OFFER sheets",
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await org.steward.client.request("DELETE", "/api/information-request-library/default-video"))
        .statusCode,
    ).toBe(204);
    const after = await lib(org);
    expect(after.map((i) => i.key)).not.toContain("video");
    expect(after.at(-1)?.text).toBe("Overtime offer sheets");
    // Another local's library is its own; the member has none to change.
    expect((await lib(other)).map((i) => i.key)).toContain("video");
    expect(
      (
        await other.admin.client.request(
          "DELETE",
          `/api/information-request-library/${added.json().id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await org.member.client.get("/api/information-request-library")).statusCode).toBe(403);
    expect(
      (
        await org.steward.client.request(
          "DELETE",
          `/api/information-request-library/${added.json().id}`,
        )
      ).statusCode,
    ).toBe(204);
    expect((await lib(org)).some((i) => i.text === "Overtime offer sheets")).toBe(false);
  });
});
