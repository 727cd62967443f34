import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppPool, createKysely } from "../../src/server/db/connection.ts";
import { readAsTenant, type TenantTx, withTenant } from "../../src/server/db/tenant.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import type { RouteEntry } from "../../src/server/plugins/access.ts";
import { todayIn } from "../../src/shared/deadline-engine/index.ts";
import { addPerson, createTwoOrganizations, type TestOrganization } from "../support/tenants.ts";
import { startTestAppWithMail, type TestClient } from "../support/test-app.ts";
import { multipart, uploadDocument } from "../support/uploads.ts";

/**
 * Attacker and victim: the attacker's admin (who holds every permission in their own
 * organization) calls every signed-in route that takes ids with the victim's ids. Each must
 * answer 404 and change nothing. Then the positive control: the victim's own people make the
 * very same calls and get the route's success code, so a 404 means isolation, not a broken
 * route or a stale fixture. A new route with a path parameter fails here until it gets a case.
 */
let t: Awaited<ReturnType<typeof startTestAppWithMail>>;
let attacker: TestOrganization;
let victim: TestOrganization;
let victimInvitationId: string;
let victimGrievanceId: string;
let victimDocumentId: string;
let victimAnnouncementId: string;
let victimContactId: string;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Response = Awaited<ReturnType<TestClient["request"]>>;

/** One id route's call, made alike by the attacker and by the victim's `owner`. */
interface Case {
  params: Record<string, string>;
  /** Who may make the call in the victim's organization (the victim's admin unless said). */
  owner: TestClient;
  /** A body the route accepts from the owner (none for GET and DELETE unless said). */
  body?: unknown;
  /** For bodies that are not JSON (an upload). */
  send?: (client: TestClient, url: string) => Promise<Response>;
  /** Who attacks when the attacker's admin cannot (they belong to an organization already). */
  attacker?: TestClient;
  /** What the attacker gets when 404 is not it, and why. */
  attackerStatus?: number;
}

const pdf = makePdf("Victim Strategy", ["Confidential."]);
const victimFiling = (name: string) => ({
  name,
  badgeNumber: "V-1",
  jobTitle: "Manager",
  department: "Sales",
  location: "Main Office",
  description: "Victim's confidential grievance description.",
  remedy: "Victim's confidential remedy request.",
});

function ok(res: Response, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A grievance of the victim's member, fresh for one route (the calls change its state). */
async function grievance(name = "Victim Case"): Promise<string> {
  return ok(await victim.member.client.post("/api/grievances", victimFiling(name)), "file").id;
}

/** A group grievance of the victim's, filed by their steward for these grievants. */
async function groupGrievance(grievantIds: string[]): Promise<string> {
  const res = await victim.steward.client.post("/api/grievances", {
    ...victimFiling("Victim Group"),
    type: "group",
    grievantIds,
  });
  return ok(res, "file group").id;
}

async function grievanceThen(path: string, body: unknown): Promise<string> {
  const id = await grievance();
  ok(await victim.admin.client.post(`/api/grievances/${id}/${path}`, body), path);
  return id;
}

function uploadAttachment(client: TestClient, url: string) {
  const boundary = "----tenancy";
  return client.raw({
    method: "POST",
    url,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function contact(name: string): Promise<string> {
  const res = await victim.admin.client.post("/api/employer-contacts", {
    name,
    title: "HR Director",
    email: `${name.toLowerCase().replaceAll(" ", "-")}@example.org`,
  });
  return ok(res, "contact").id;
}

async function announcement(title: string): Promise<string> {
  const res = await victim.admin.client.post("/api/announcements", {
    title,
    content: "Confidential.",
    category: "Bargaining",
  });
  return ok(res, "announcement").id;
}

async function document(name: string): Promise<string> {
  const res = await uploadDocument(victim.admin.client, {
    name,
    category: "Contracts",
    filename: "strategy.pdf",
    data: pdf,
  });
  return ok(res, "document").id;
}

/** The victim's organization export, once ready (its job runs when it is asked for). */
let victimExport: Promise<string> | undefined;
function exportReady(): Promise<string> {
  victimExport ??= (async () => {
    const id = ok(await victim.admin.client.post("/api/organization/exports"), "export")
      .id as string;
    // Until it is ready, within the test's own time (200 polls once ran out on a loaded machine).
    for (;;) {
      const state = (await victim.admin.client.get(`/api/organization/exports/${id}`)).json().state;
      if (state === "ready") return id;
      if (state === "failed") throw new Error("the victim's export failed");
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return victimExport;
}

/** A test-mode checkout the victim's admin started (the ids are theirs alone). */
async function checkoutSession(): Promise<string> {
  const res = await victim.admin.client.post("/api/create-checkout-session", {
    packageId: "life-moments",
  });
  return (ok(res, "checkout").url as string).split("/").at(-1) as string;
}

/** An information request of the victim's (issue 33), served on paper today when asked. */
async function informationRequest(served: boolean) {
  const res = await victim.steward.client.post(
    `/api/grievances/${await grievance()}/information-requests`,
    { items: [{ text: "Victim's evidence" }], ...(served ? { servedOn: TODAY } : {}) },
  );
  return ok(res, "information request") as { id: string; items: { id: string }[] };
}

/** A request served by link and the file the employer sent with it through the link. */
async function informationFile() {
  const r = await informationRequest(false);
  const email = `victim-hr-${Math.random().toString(36).slice(2)}@example.org`;
  const c = ok(
    await victim.admin.client.post("/api/employer-contacts", { name: "Victim HR", email }),
    "contact",
  ).id;
  ok(
    await victim.steward.client.post(`/api/information-requests/${r.id}/serve`, { contactId: c }),
    "serve request",
  );
  const token = (await t.waitForMail(email)).text.match(/\/respond\/(ir_[A-Za-z0-9_-]{43})/)?.[1];
  const body = multipart(
    { items: JSON.stringify([{ id: r.items[0]?.id, state: "provided", note: "" }]) },
    { field: `item:${r.items[0]?.id}`, filename: "v.pdf", data: pdf },
  );
  const res = await t.app.inject({
    method: "POST",
    url: `/api/respond/${token}`,
    payload: body.payload,
    headers: body.headers,
  });
  if (res.statusCode !== 200) throw new Error(`respond: ${res.statusCode} ${res.body}`);
  const mine = await withTenant(t.db, victim.id, (trx) =>
    trx
      .selectFrom("informationRequestFiles")
      .select("id")
      .where("requestId", "=", r.id)
      .executeTakeFirstOrThrow(),
  );
  return { id: r.id, fileId: mine.id };
}

const TODAY = new Date().toISOString().slice(0, 10);

/** Each id route's case: victim ids, in the state the owner's call needs. */
const CASES: Record<string, () => Promise<Case>> = {
  "GET /api/organizations/:id": async () => ({
    params: { id: victim.id },
    owner: victim.admin.client,
  }),
  "PATCH /api/members/:userId": async () => ({
    params: { userId: (await addPerson(t, victim.id, "member")).id },
    owner: victim.admin.client,
    body: { role: "steward", badgeNumber: "PWNED" },
  }),
  "PATCH /api/roster/:id": async () => ({
    params: {
      id: ok(
        await victim.steward.client.post("/api/roster", { name: "Victim Roster Person" }),
        "person",
      ).id,
    },
    owner: victim.steward.client,
    body: { name: "PWNED", status: "left" },
  }),
  "GET /api/roster/:id/grievances": async () => {
    const id = await grievance("Victim Roster Case");
    const g = ok(await victim.steward.client.get(`/api/grievances/${id}`), "grievance");
    return { params: { id: g.grievantContacts[0].personId }, owner: victim.steward.client };
  },
  "DELETE /api/members/:userId": async () => ({
    params: { userId: (await addPerson(t, victim.id, "member")).id },
    owner: victim.admin.client,
  }),
  "DELETE /api/invitations/:id": async () => {
    const res = await victim.admin.client.post("/api/invitations", {
      email: `victim-invitee-${Math.random()}@example.org`,
      role: "member",
    });
    return { params: { id: ok(res, "invitation").id }, owner: victim.admin.client };
  },
  "POST /api/invitations/by-token/:token/accept": async () => {
    const invitee = await t.createSignedIn();
    ok(
      await victim.admin.client.post("/api/invitations", { email: invitee.email, role: "member" }),
      "invitation",
    );
    const mail = await t.waitForMail(invitee.email);
    const token =
      new URL(mail.text.match(/https?:\/\/\S*accept-invite\S*/)?.[0] ?? "").searchParams.get(
        "token",
      ) ?? "";
    // The token is the secret, and it names its invitee: anyone else, even with no
    // organization yet, is refused.
    const stranger = await t.createSignedIn();
    return {
      params: { token },
      owner: invitee.client,
      attacker: stranger.client,
      attackerStatus: 403,
    };
  },
  "GET /api/grievances/:id": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.admin.client,
  }),
  "GET /api/grievances/:id/case-file.pdf": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.admin.client,
  }),
  "POST /api/grievances/:id/status": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { status: "pending", note: "moved" },
  }),
  "POST /api/grievances/:id/response": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { receivedOn: TODAY, decision: "denied" },
  }),
  "POST /api/grievances/:id/appeal": async () => ({
    params: { id: await grievanceThen("response", { receivedOn: TODAY, decision: "denied" }) },
    owner: victim.admin.client,
    body: { note: "appealed" },
  }),
  "POST /api/grievances/:id/answer/correct": async () => ({
    params: { id: await grievanceThen("response", { receivedOn: TODAY, decision: "denied" }) },
    owner: victim.admin.client,
    body: { receivedOn: TODAY, decision: "granted", reason: "misread" },
  }),
  "POST /api/grievances/:id/extensions": async () => {
    const id = await grievance();
    const detail = ok(await victim.admin.client.get(`/api/grievances/${id}`), "grievance");
    return {
      params: { id },
      owner: victim.admin.client,
      body: { deadlineId: detail.nextDeadline.id, newDueDate: "2099-12-31", agreedWith: "HR" },
    };
  },
  "POST /api/grievances/:id/hold": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { reason: "on hold" },
  }),
  "POST /api/grievances/:id/resume": async () => ({
    params: { id: await grievanceThen("hold", { reason: "on hold" }) },
    owner: victim.admin.client,
    body: {},
  }),
  "POST /api/grievances/:id/assign": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { userId: victim.steward.id },
  }),
  "POST /api/grievances/:id/close": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { outcome: "granted", summary: "closed" },
  }),
  "POST /api/grievances/:id/reopen": async () => ({
    params: { id: await grievanceThen("close", { outcome: "granted", summary: "closed" }) },
    owner: victim.admin.client,
    body: { reason: "reopened" },
  }),
  "POST /api/grievances/:id/remedy/received": async () => ({
    params: {
      id: await grievanceThen("close", {
        outcome: "settled",
        reason: "We told the grievant why in writing.",
        summary: "Settled with back pay.",
        remedy: { amountCents: 10_000, dueDate: "2099-12-31", description: "Back pay" },
      }),
    },
    // The grievant confirms it.
    owner: victim.member.client,
    body: {},
  }),
  "POST /api/grievances/:id/grievants": async () => ({
    params: { id: await groupGrievance([victim.member.id]) },
    owner: victim.admin.client,
    body: { userId: (await addPerson(t, victim.id, "member")).id },
  }),
  "DELETE /api/grievances/:id/grievants/:userId": async () => {
    const second = await addPerson(t, victim.id, "member");
    return {
      params: { id: await groupGrievance([victim.member.id, second.id]), userId: second.id },
      owner: victim.admin.client,
    };
  },
  "POST /api/grievances/:id/related": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { grievanceId: victimGrievanceId },
  }),
  "DELETE /api/grievances/:id/related/:relatedId": async () => ({
    params: {
      id: await grievanceThen("related", { grievanceId: victimGrievanceId }),
      relatedId: victimGrievanceId,
    },
    owner: victim.admin.client,
  }),
  // Issue 34: contacts, questions and replies.
  "POST /api/grievances/:id/contacts": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.steward.client,
    body: { channel: "call", date: todayIn("America/New_York", new Date()), summary: "Called." },
  }),
  "GET /api/grievances/:id/representation-record.pdf": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.steward.client,
  }),
  "POST /api/grievances/:id/questions": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.member.client,
    attacker: attacker.member.client,
    body: { text: "Any news?" },
  }),
  "POST /api/grievances/:id/questions/:questionId/reply": async () => ({
    params: {
      id: victimGrievanceId,
      questionId: ok(
        await victim.member.client.post(`/api/grievances/${victimGrievanceId}/questions`, {
          text: "A question to answer",
        }),
        "question",
      ).id,
    },
    owner: victim.steward.client,
    body: { text: "The answer." },
  }),
  "POST /api/questions/:questionId/reply": async () => ({
    params: {
      questionId: ok(
        await victim.member.client.post("/api/questions", { text: "A dashboard question" }),
        "question",
      ).id,
    },
    owner: victim.steward.client,
    body: { text: "The answer." },
  }),
  "POST /api/grievances/:id/comments": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.member.client,
    body: { text: "a comment" },
  }),
  "POST /api/grievances/:id/attachments": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.member.client,
    send: uploadAttachment,
  }),
  "GET /api/grievances/:id/attachments/:attachmentId": async () => {
    const id = victimGrievanceId;
    const attachment = ok(
      await uploadAttachment(victim.member.client, `/api/grievances/${id}/attachments`),
      "attachment",
    );
    return { params: { id, attachmentId: attachment.id }, owner: victim.member.client };
  },
  "POST /api/grievances/:id/serve": async () => ({
    params: { id: await grievance() },
    owner: victim.admin.client,
    body: { contactId: victimContactId, message: "Please answer." },
  }),
  "GET /api/grievances/:id/services": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.admin.client,
  }),
  "POST /api/grievances/:id/information-requests": async () => ({
    params: { id: await grievance() },
    owner: victim.steward.client,
    body: { items: [{ text: "Attendance records" }] },
  }),
  "GET /api/grievances/:id/information-requests": async () => ({
    params: { id: victimGrievanceId },
    owner: victim.steward.client,
  }),
  "POST /api/information-requests/:id/serve": async () => ({
    params: { id: (await informationRequest(false)).id },
    owner: victim.steward.client,
    body: { contactId: victimContactId, message: "Please send these." },
  }),
  "POST /api/information-requests/:id/items/:itemId": async () => {
    const r = await informationRequest(true);
    return {
      params: { id: r.id, itemId: r.items[0]?.id ?? "" },
      owner: victim.steward.client,
      body: { state: "provided", answeredOn: TODAY },
    };
  },
  "GET /api/information-requests/:id/files/:fileId": async () => ({
    params: await informationFile(),
    owner: victim.steward.client,
  }),
  "GET /api/information-requests/:id/follow-up.pdf": async () => {
    const r = await informationRequest(true);
    // Overdue: its due date moved back (the clock of this test is the real one).
    await withTenant(t.db, victim.id, (trx) =>
      trx
        .updateTable("informationRequests")
        .set({ dueDate: "2000-01-03" })
        .where("id", "=", r.id)
        .execute(),
    );
    return { params: { id: r.id }, owner: victim.steward.client };
  },
  "DELETE /api/information-request-library/:id": async () => {
    const res = await victim.steward.client.post("/api/information-request-library", {
      text: `Victim's own item ${Math.random()}`,
    });
    return { params: { id: ok(res, "library item").id }, owner: victim.steward.client };
  },
  "PATCH /api/employer-contacts/:id": async () => ({
    params: { id: await contact("Victim Rep Two") },
    owner: victim.admin.client,
    body: { name: "Renamed Rep" },
  }),
  "DELETE /api/employer-contacts/:id": async () => ({
    params: { id: await contact("Victim Rep Three") },
    owner: victim.admin.client,
  }),
  "POST /api/insights/:id/dismiss": async () => {
    const insights = ok(await victim.admin.client.get("/api/insights"), "insights");
    return { params: { id: insights.clusters[0].id }, owner: victim.admin.client, body: {} };
  },
  "GET /api/organization/exports/:id": async () => ({
    params: { id: await exportReady() },
    owner: victim.admin.client,
  }),
  "GET /api/organization/exports/:id/download": async () => ({
    params: { id: await exportReady() },
    owner: victim.admin.client,
  }),
  "GET /api/documents/:id/file": async () => ({
    params: { id: victimDocumentId },
    owner: victim.member.client,
  }),
  "DELETE /api/documents/:id": async () => ({
    params: { id: await document("Victim Old Minutes") },
    owner: victim.admin.client,
  }),
  "PATCH /api/announcements/:id": async () => ({
    params: { id: await announcement("Victim notice") },
    owner: victim.admin.client,
    body: { title: "Victim notice (edited)" },
  }),
  "DELETE /api/announcements/:id": async () => ({
    params: { id: await announcement("Victim old notice") },
    owner: victim.admin.client,
  }),
  // Signed-in routes: an avatar is seen within its organization; a checkout belongs to the
  // account that started it.
  "GET /api/users/:id/avatar": async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#333" } })
      .png()
      .toBuffer();
    const body = multipart({}, { filename: "me.png", contentType: "image/png", data: png });
    ok(
      await victim.member.client.raw({ method: "POST", url: "/api/profile/avatar", ...body }),
      "avatar",
    );
    return { params: { id: victim.member.id }, owner: victim.steward.client };
  },
  "GET /api/checkout-session/:id": async () => {
    const id = await checkoutSession();
    ok(await victim.admin.client.post(`/api/billing/test-checkout/${id}/complete`), "complete");
    return { params: { id }, owner: victim.admin.client };
  },
  "GET /api/billing/test-checkout/:id": async () => ({
    params: { id: await checkoutSession() },
    owner: victim.admin.client,
  }),
  "POST /api/billing/test-checkout/:id/complete": async () => ({
    params: { id: await checkoutSession() },
    owner: victim.admin.client,
  }),
  "POST /api/billing/test-checkout/:id/cancel": async () => ({
    params: { id: await checkoutSession() },
    owner: victim.admin.client,
  }),
};

/**
 * Id routes whose id is no tenant's: an invitation code is shared on purpose (whoever holds it
 * may join), and a website package is a catalogue entry read for the caller's own account.
 * tests/api/organizations.test.ts and public-site.test.ts cover them; the walker checks below
 * that they tell the attacker nothing of the victim's.
 */
const NOT_TENANT_IDS = new Set([
  "GET /api/organizations/by-invite/:code",
  "GET /api/website-setup/:packageId",
  "PUT /api/website-setup/:packageId",
]);

const isIdRoute = (r: RouteEntry) =>
  r.access !== "public" && r.url.includes(":") && !NOT_TENANT_IDS.has(`${r.method} ${r.url}`);

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(params[p] ?? ""));

function call(client: TestClient, method: string, url: string, c: Case) {
  if (c.send) return c.send(client, url);
  return client.request(
    method as Method,
    url,
    c.body ?? (method === "GET" || method === "DELETE" ? undefined : {}),
  );
}

beforeAll(async () => {
  t = await startTestAppWithMail();
  ({ attacker, victim } = await createTwoOrganizations(t));
  victimInvitationId = ok(
    await victim.admin.client.post("/api/invitations", {
      email: "victim-invitee@example.org",
      role: "member",
    }),
    "invitation",
  ).id;
  // Two victim grievances, so the one we aim at (…-0002) has no namesake in the attacker's.
  await grievance("Victim One");
  victimGrievanceId = await grievance("Victim Two");
  // Issue 34: a contact with an internal summary and a question, both the victim's secrets.
  ok(
    await victim.steward.client.post(`/api/grievances/${victimGrievanceId}/contacts`, {
      channel: "meeting",
      date: todayIn("America/New_York", new Date()),
      summary: "Victim contact confidential",
      internal: true,
    }),
    "contact",
  );
  ok(await victim.member.client.post("/api/questions", { text: "Victim question" }), "question");
  victimDocumentId = await document("Victim Strategy");
  victimAnnouncementId = await announcement("Victim strike vote");
  // Issue 20: an employer contact; issue 21: a pattern (three grievances citing one article in
  // one department within 90 days).
  victimContactId = await contact("Victim Employer Rep");
  for (const name of ["Victim Three", "Victim Four", "Victim Five"]) {
    ok(
      await victim.member.client.post("/api/grievances", {
        ...victimFiling(name),
        badgeNumber: "V-2",
        articles: ["Art. 12.3 Overtime"],
        description: "Victim's confidential overtime grievance.",
      }),
      "file",
    );
  }
  ok(
    await victim.admin.client.request("PUT", "/api/organization/procedure", {
      filingLimit: { days: 20, dayType: "calendar" },
      steps: [
        {
          name: "Victim Step",
          responseLimit: { days: 10, dayType: "business" },
          appealLimit: { days: 10, dayType: "business" },
        },
        { name: "Victim Step 2", responseLimit: null, appealLimit: null },
      ],
      holidayRegion: "CA-ON",
      closures: [{ date: "2026-11-27", name: "Victim confidential closure" }],
      holidays: {
        removed: ["2026-12-25"],
        added: [{ date: "2026-12-24", name: "Victim confidential contract holiday" }],
      },
      timeZone: "America/Toronto",
    }),
    "procedure",
  );
  // Issue 30: the victim's article list (an alias names its confidential side letter).
  ok(
    await victim.admin.client.request("PUT", "/api/organization/articles", [
      { number: "12.3", title: "Overtime", aliases: ["Victim confidential side letter"] },
    ]),
    "articles",
  );
});
afterAll(() => t.close());

/** A body that would be accepted if the ids were the attacker's own (routes without ids). */
const bodies = (): Record<string, unknown> => ({
  "PUT /api/organization/config": {
    name: "Attacker Config",
    jobTitles: [],
    departments: [],
    locations: [],
  },
  "POST /api/invitations": { email: "attacker-invitee@example.org", role: "member" },
  "POST /api/announcements": { title: "Attacker post", content: "Hello", category: "General" },
  "PUT /api/organization/articles": [
    { number: "12.3", title: "Attacker article", aliases: ["Side letter"] },
  ],
  "PUT /api/organization/procedure": {
    filingLimit: { days: 1, dayType: "calendar" },
    steps: [{ name: "Attacker Step", responseLimit: null, appealLimit: null }],
    holidayRegion: null,
    closures: [],
    timeZone: "Pacific/Auckland",
  },
});

const isTenantRoute = (r: RouteEntry) => r.access !== "public" && r.access !== "signedIn";

async function victimSnapshot() {
  const c = victim.admin.client;
  return JSON.stringify([
    (await c.get(`/api/organizations/${victim.id}`)).json(),
    (await c.get("/api/organization/config")).json(),
    (await c.get("/api/organization/invite-code")).json(),
    (await c.get("/api/members")).json(),
    (await c.get("/api/invitations")).json(),
    (await c.get("/api/grievances")).json(),
    (await c.get(`/api/grievances/${victimGrievanceId}`)).json(),
    (await c.get("/api/activity?limit=50")).json(),
    (await c.get("/api/documents")).json(),
    (await c.get(`/api/documents/${victimDocumentId}/file`)).statusCode,
    (await c.get("/api/announcements")).json(),
    (await c.get("/api/organization/procedure")).json(),
    (await c.get("/api/organization/articles")).json(),
    (await c.get("/api/questions")).json(),
    (await c.get("/api/employer-contacts")).json(),
    (await c.get(`/api/grievances/${victimGrievanceId}/services`)).json(),
    (await c.get("/api/insights")).json(),
    (await c.get("/api/procedure/deadline-preview?from=2026-11-23&days=5&dayType=business")).json(),
  ]);
}

describe("cross-tenant access", () => {
  it("has tenant routes to check", () => {
    expect(t.app.routeTable.filter(isTenantRoute).length).toBeGreaterThan(5);
  });

  it("answers every id route called with the victim's ids with 404, changing nothing; the victim's own call succeeds", async () => {
    const routes = t.app.routeTable.filter(isIdRoute);
    const cases = new Map<string, Case>();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const make = CASES[key];
      expect(make, `victim case missing for ${key}`).toBeDefined();
      if (make) cases.set(key, await make());
    }
    expect([...cases.keys()].sort()).toEqual(Object.keys(CASES).sort());

    const before = await victimSnapshot();
    for (const [key, c] of cases) {
      const [method = "", path = ""] = key.split(" ");
      const res = await call(c.attacker ?? attacker.admin.client, method, fill(path, c.params), c);
      expect(res.statusCode, `attacker ${key}: ${res.body}`).toBe(c.attackerStatus ?? 404);
    }
    expect(await victimSnapshot()).toBe(before);

    // The positive control: the same calls by the victim's own people succeed.
    for (const [key, c] of cases) {
      const [method = "", path = ""] = key.split(" ");
      const res = await call(c.owner, method, fill(path, c.params), c);
      expect(res.statusCode, `owner ${key}: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `owner ${key}: ${res.body}`).toBeLessThan(300);
    }
    console.info(
      `tenancy walker: ${cases.size} id routes, each refused to the attacker and served to the owner`,
    );
    // Two calls per id route, and this session's issues added about forty routes: 15 s alone
    // here, past 30 s beside two other test files on two cores.
  }, 120_000);

  it("tells the attacker nothing of the victim's through ids that are no tenant's", async () => {
    const code = (await victim.admin.client.get("/api/organization/invite-code")).json().inviteCode;
    // Whoever holds an invitation code may join: it names the organization, nothing more.
    const byCode = await attacker.admin.client.get(`/api/organizations/by-invite/${code}`);
    expect(byCode.statusCode).toBe(200);
    expect(Object.keys(byCode.json()).sort()).toEqual(["id", "name"].sort());
    const started = await victim.admin.client.post("/api/create-checkout-session", {
      packageId: "union-labor",
    });
    const id = (started.json().url as string).split("/").at(-1);
    await victim.admin.client.post(`/api/billing/test-checkout/${id}/complete`);
    expect((await attacker.admin.client.get("/api/website-setup/union-labor")).json()).toEqual({
      request: null,
      purchase: null,
    });
    expect(
      (await victim.admin.client.get("/api/website-setup/union-labor")).json().purchase,
    ).not.toBeNull();
  });

  it("answers tenant routes without ids with the attacker's own data only", async () => {
    const before = await victimSnapshot();
    const secrets = [
      victim.id,
      victim.name,
      victim.inviteCode,
      victim.member.email,
      victim.admin.email,
      victimInvitationId,
      victimGrievanceId,
      "Victim One",
      "Victim Two",
      "confidential",
      victimDocumentId,
      victimAnnouncementId,
      "Victim Strategy",
      "Victim strike vote",
      "Victim Step",
      "Victim question",
    ];
    for (const route of t.app.routeTable.filter(isTenantRoute)) {
      // The event stream never ends; tests/api/live-events.test.ts checks its isolation.
      if (route.url.includes(":") || route.url === "/api/events") continue;
      const res = await attacker.admin.client.request(
        route.method as never,
        route.url,
        bodies()[`${route.method} ${route.url}`] ?? (route.method === "GET" ? undefined : {}),
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      for (const secret of secrets)
        expect(res.body, `${route.method} ${route.url} leaked ${secret}`).not.toContain(secret);
    }
    expect(await victimSnapshot()).toBe(before);
  });
});

describe("deadlines across organizations (issue 18)", () => {
  it("shows no other organization's deadlines on the board, by person or not, nor in a feed", async () => {
    await victim.admin.client.post(`/api/grievances/${victimGrievanceId}/assign`, {
      userId: victim.steward.id,
    });
    const c = attacker.admin.client;
    for (const q of [`assignee=${victim.steward.id}`, "assignee=unassigned", "due=all"]) {
      const res = await c.get(`/api/deadlines?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(victimGrievanceId);
      expect(res.body).not.toContain(victim.steward.id);
    }
    expect((await c.get("/api/workload")).body).not.toContain(victim.steward.id);
    const feed = (await victim.steward.client.post("/api/profile/calendar", {})).json().url;
    const attackerFeed = (await c.post("/api/profile/calendar", { scope: "all" })).json().url;
    const body = (await c.get(new URL(attackerFeed).pathname)).body;
    expect(body).not.toContain(victimGrievanceId);
    expect((await c.get(new URL(feed).pathname)).body).toContain(victimGrievanceId);
  });
});

describe("row-level security", () => {
  it("alone hides another organization's rows from a query without any filter", async () => {
    const rows = await withTenant(t.db, attacker.id, (trx) =>
      trx.selectFrom("memberships").select("organizationId").execute(),
    );
    expect(rows.length).toBe(3);
    expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set([attacker.id]));
    const orgs = await withTenant(t.db, attacker.id, (trx) =>
      trx.selectFrom("organizations").select("id").execute(),
    );
    expect(orgs.map((o) => o.id)).toEqual([attacker.id]);
    const invites = await withTenant(t.db, attacker.id, (trx) =>
      trx.selectFrom("invitations").select("id").execute(),
    );
    expect(invites.map((i) => i.id)).not.toContain(victimInvitationId);
  });

  it("shows nothing at all when no organization is set", async () => {
    expect(await t.db.selectFrom("memberships").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("organizations").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("invitations").selectAll().execute()).toEqual([]);
  });

  it("refuses writes into another organization", async () => {
    await expect(
      withTenant(t.db, attacker.id, (trx) =>
        trx
          .insertInto("memberships")
          .values({
            organizationId: victim.id,
            userId: attacker.member.id,
            role: "admin",
            badgeNumber: null,
            department: null,
            facility: null,
          })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await withTenant(t.db, attacker.id, (trx) =>
      trx
        .updateTable("memberships")
        .set({ role: "member" })
        .where("organizationId", "=", victim.id)
        .executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
  });

  it("binds each statement of a one-write read (readAsTenant) to its organization alone, read only, and leaves nothing on the connection", async () => {
    // One connection, so every read below reuses the one the previous read released.
    const pool = createAppPool(t.appDatabaseUrl, 1);
    const db = createKysely(pool);
    try {
      const read = async (trx: TenantTx) => {
        const members = await trx.selectFrom("memberships").select("organizationId").execute();
        const orgs = await trx.selectFrom("organizations").select("id").execute();
        return [...members.map((m) => m.organizationId), ...orgs.map((o) => o.id)];
      };
      const orgsOf = (id: string) => readAsTenant(db, id, read);
      // Attacker and victim interleaved on the one connection: each sees only its own rows.
      const [a, v, a2] = await Promise.all([
        orgsOf(attacker.id),
        orgsOf(victim.id),
        orgsOf(attacker.id),
      ]);
      for (const [seen, id] of [
        [a, attacker.id],
        [v, victim.id],
        [a2, attacker.id],
      ] as const) {
        expect(seen.length).toBeGreaterThan(1);
        expect(seen).toEqual(await withTenant(t.db, id, read));
        expect(new Set(seen)).toEqual(new Set([id]));
      }
      // Neither setting survives the read on the connection, nor does it lift row-level security.
      const left = await sql<{ org: string | null; readOnly: string }>`
        SELECT current_setting('app.organization_id', true) AS org,
               current_setting('transaction_read_only') AS "readOnly"`.execute(db);
      expect(left.rows[0]?.org ?? "").toBe("");
      expect(left.rows[0]?.readOnly).toBe("off");
      expect(await db.selectFrom("memberships").selectAll().execute()).toEqual([]);
      // Writes are PostgreSQL's to refuse, even the organization's own; a failed statement
      // leaves the connection usable and unbound.
      await expect(
        readAsTenant(db, attacker.id, (trx) =>
          trx
            .updateTable("organizations")
            .set({ name: "Taken" })
            .where("id", "=", attacker.id)
            .execute(),
        ),
      ).rejects.toThrow(/read-only transaction/);
      await expect(
        readAsTenant(db, attacker.id, (trx) => sql`SELECT 1 / 0`.execute(trx)),
      ).rejects.toThrow(/division by zero/);
      expect(await db.selectFrom("organizations").selectAll().execute()).toEqual([]);
      const name = await readAsTenant(db, attacker.id, (trx) =>
        trx.selectFrom("organizations").select("name").executeTakeFirstOrThrow(),
      );
      expect(name.name).not.toBe("Taken");
    } finally {
      await db.destroy();
    }
  });

  it("keeps the cross-organization lookup table out of the application's reach", async () => {
    await expect(sql`SELECT * FROM tenant_lookup`.execute(t.db)).rejects.toThrow(
      /permission denied/,
    );
  });
});
