import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import type { RouteEntry } from "../../src/server/plugins/access.ts";
import { createTwoOrganizations, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { uploadDocument } from "../support/uploads.ts";

/**
 * Attacker and victim: the attacker's admin (who holds every permission in their own
 * organization) calls every tenant route with the victim's ids. Each must answer 404 and
 * change nothing. A new tenant route with a path parameter fails here until it gets a fixture.
 */
let t: TestApp;
let attacker: TestOrganization;
let victim: TestOrganization;
let victimInvitationId: string;
let victimGrievanceId: string;
let victimAttachmentId: string;
let victimDocumentId: string;
let victimAnnouncementId: string;
let victimDeadlineId: string;
let victimContactId: string;
let victimClusterId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ attacker, victim } = await createTwoOrganizations(t));
  const inv = await victim.admin.client.post("/api/invitations", {
    email: "victim-invitee@example.org",
    role: "member",
  });
  victimInvitationId = inv.json().id;
  // Two victim grievances, so the one we aim at (…-0002) has no namesake in the attacker's.
  for (const name of ["Victim One", "Victim Two"]) {
    const res = await victim.member.client.post("/api/grievances", {
      name,
      badgeNumber: "V-1",
      jobTitle: "Manager",
      department: "Sales",
      location: "Main Office",
      description: "Victim's confidential grievance description.",
      remedy: "Victim's confidential remedy request.",
    });
    victimGrievanceId = res.json().id;
  }
  const detail = await victim.admin.client.get(`/api/grievances/${victimGrievanceId}`);
  victimDeadlineId = detail.json().nextDeadline.id;
  const boundary = "----tenancy";
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  const att = await victim.member.client.raw({
    method: "POST",
    url: `/api/grievances/${victimGrievanceId}/attachments`,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  victimAttachmentId = att.json().id;
  const doc = await uploadDocument(victim.admin.client, {
    name: "Victim Strategy",
    category: "Contracts",
    filename: "strategy.pdf",
    data: makePdf("Victim Strategy", ["Confidential."]),
  });
  victimDocumentId = doc.json().id;
  const post = await victim.admin.client.post("/api/announcements", {
    title: "Victim strike vote",
    content: "Confidential.",
    category: "Bargaining",
  });
  victimAnnouncementId = post.json().id;
  // Issue 20: an employer contact; issue 21: a pattern (three grievances citing one article in
  // one department within 90 days).
  const contact = await victim.admin.client.post("/api/employer-contacts", {
    name: "Victim Employer Rep",
    title: "HR Director",
    email: "victim-hr@example.org",
  });
  if (contact.statusCode !== 201) throw new Error(contact.body);
  victimContactId = contact.json().id;
  for (const name of ["Victim Three", "Victim Four", "Victim Five"]) {
    const res = await victim.member.client.post("/api/grievances", {
      name,
      badgeNumber: "V-2",
      jobTitle: "Manager",
      department: "Sales",
      location: "Main Office",
      articles: ["Art. 12.3 Overtime"],
      description: "Victim's confidential overtime grievance.",
      remedy: "Victim's confidential remedy request.",
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  const insights = await victim.admin.client.get("/api/insights");
  victimClusterId = insights.json().clusters[0].id;
  const procedure = await victim.admin.client.request("PUT", "/api/organization/procedure", {
    filingLimit: { days: 20, dayType: "calendar" },
    steps: [{ name: "Victim Step", responseLimit: null, appealLimit: null }],
    holidayRegion: "CA-ON",
    closures: [{ date: "2026-11-27", name: "Victim confidential closure" }],
    timeZone: "America/Toronto",
  });
  if (procedure.statusCode !== 200) throw new Error(procedure.body);
});
afterAll(() => t.close());

/** Victim ids for each path parameter of each tenant route. */
const victimParams = (): Record<string, Record<string, string>> => ({
  "/api/organizations/:id": { id: victim.id },
  "/api/members/:userId": { userId: victim.member.id },
  "/api/invitations/:id": { id: victimInvitationId },
  "/api/grievances/:id": { id: victimGrievanceId },
  "/api/grievances/:id/status": { id: victimGrievanceId },
  "/api/grievances/:id/response": { id: victimGrievanceId },
  "/api/grievances/:id/appeal": { id: victimGrievanceId },
  "/api/grievances/:id/extensions": { id: victimGrievanceId },
  "/api/grievances/:id/hold": { id: victimGrievanceId },
  "/api/grievances/:id/resume": { id: victimGrievanceId },
  "/api/grievances/:id/assign": { id: victimGrievanceId },
  "/api/grievances/:id/comments": { id: victimGrievanceId },
  "/api/grievances/:id/attachments": { id: victimGrievanceId },
  "/api/grievances/:id/attachments/:attachmentId": {
    id: victimGrievanceId,
    attachmentId: victimAttachmentId,
  },
  // Issue 19: outcomes, remedies, grievants and the case file.
  "/api/grievances/:id/close": { id: victimGrievanceId },
  "/api/grievances/:id/reopen": { id: victimGrievanceId },
  "/api/grievances/:id/remedy/received": { id: victimGrievanceId },
  "/api/grievances/:id/grievants": { id: victimGrievanceId },
  "/api/grievances/:id/grievants/:userId": { id: victimGrievanceId, userId: victim.member.id },
  "/api/grievances/:id/case-file.pdf": { id: victimGrievanceId },
  "/api/grievances/:id/related": { id: victimGrievanceId },
  "/api/grievances/:id/related/:relatedId": { id: victimGrievanceId, relatedId: victimGrievanceId },
  // Issue 20: the employer's representatives and serving them.
  "/api/employer-contacts/:id": { id: victimContactId },
  "/api/grievances/:id/serve": { id: victimGrievanceId },
  "/api/grievances/:id/services": { id: victimGrievanceId },
  // Issue 21: a pattern of the victim's.
  "/api/insights/:id/dismiss": { id: victimClusterId },
  "/api/documents/:id": { id: victimDocumentId },
  "/api/documents/:id/file": { id: victimDocumentId },
  "/api/announcements/:id": { id: victimAnnouncementId },
});

/** A body that would be accepted if the ids were the attacker's own. */
const bodies = (): Record<string, unknown> => ({
  "PATCH /api/members/:userId": { role: "admin", badgeNumber: "PWNED" },
  "PUT /api/organization/config": {
    name: "Attacker Config",
    jobTitles: [],
    departments: [],
    locations: [],
  },
  "POST /api/invitations": { email: "attacker-invitee@example.org", role: "member" },
  "POST /api/grievances/:id/status": { status: "resolved", note: "closed by attacker" },
  "POST /api/grievances/:id/comments": { text: "attacker was here" },
  "POST /api/grievances/:id/response": { receivedOn: "2026-01-05", decision: "granted" },
  "POST /api/grievances/:id/appeal": { note: "attacker appeal" },
  "POST /api/grievances/:id/extensions": {
    deadlineId: victimDeadlineId,
    newDueDate: "2099-12-31",
    agreedWith: "attacker",
  },
  "POST /api/grievances/:id/hold": { reason: "attacker hold" },
  "POST /api/grievances/:id/resume": {},
  "POST /api/grievances/:id/assign": { userId: victim.steward.id },
  "POST /api/grievances/:id/close": { outcome: "granted", summary: "closed by attacker" },
  "POST /api/grievances/:id/reopen": { reason: "reopened by attacker" },
  "POST /api/grievances/:id/grievants": { userId: victim.member.id },
  "POST /api/grievances/:id/related": { grievanceId: victimGrievanceId },
  "PATCH /api/employer-contacts/:id": { name: "PWNED" },
  "POST /api/grievances/:id/serve": { contactId: victimContactId, message: "attacker" },
  "POST /api/announcements": { title: "Attacker post", content: "Hello", category: "General" },
  "PATCH /api/announcements/:id": { title: "PWNED" },
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

  it("answers every tenant route called with the victim's ids with 404, changing nothing", async () => {
    const before = await victimSnapshot();
    const fixtures = victimParams();
    const checked: string[] = [];
    for (const route of t.app.routeTable.filter(isTenantRoute)) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      if (params.length === 0) continue;
      const values = fixtures[route.url];
      expect(values, `victim fixture missing for ${route.method} ${route.url}`).toBeDefined();
      const url = params.reduce(
        (u, p) => u.replace(`:${p}`, encodeURIComponent(values?.[p] ?? "")),
        route.url,
      );
      const res = await attacker.admin.client.request(
        route.method as never,
        url,
        bodies()[`${route.method} ${route.url}`] ??
          (route.method === "GET" || route.method === "DELETE" ? undefined : {}),
      );
      expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBe(404);
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(4);
    console.info(`tenancy walker: ${checked.length} cross-tenant calls, each answered 404`);
    expect(await victimSnapshot()).toBe(before);
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

  it("keeps the cross-organization lookup table out of the application's reach", async () => {
    await expect(sql`SELECT * FROM tenant_lookup`.execute(t.db)).rejects.toThrow(
      /permission denied/,
    );
  });
});
