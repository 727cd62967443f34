import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { todayIn } from "../../src/shared/deadline-engine/index.ts";
import { fileGrievance, grievanceBody } from "../support/deadlines.ts";
import { createOrganization, createTwoOrganizations } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail, type TestClient } from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

/** A JSON POST with an Idempotency-Key header, as the web app sends it. */
function send(client: TestClient, url: string, body: unknown, key?: string) {
  return client.raw({
    method: "POST",
    url,
    payload: Buffer.from(JSON.stringify(body)),
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
  });
}

/** Rows of one table in one organization, read as that organization. */
async function count(organizationId: string, table: string, where = sql`TRUE`) {
  return withTenant(t.db, organizationId, async (trx) => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${sql.table(table)}
      WHERE organization_id = ${organizationId} AND ${where}`.execute(trx);
    return Number(rows[0]?.n);
  });
}

describe("Idempotency-Key", () => {
  it("answers the first result and creates nothing more, one after the other and at once", async () => {
    const org = await createOrganization(t, "Once Local");
    const g = await fileGrievance(org.steward.client);
    const comments = sql`kind = 'comment'`;
    const cases: {
      url: string;
      body: unknown;
      client: TestClient;
      table: string;
      where?: ReturnType<typeof sql>;
    }[] = [
      {
        url: "/api/invitations",
        body: { email: "once@example.org", role: "member" },
        client: org.admin.client,
        table: "invitations",
      },
      {
        url: `/api/grievances/${g.id}/comments`,
        body: { text: "Met the supervisor.", internal: false },
        client: org.steward.client,
        table: "grievance_events",
        where: comments,
      },
      {
        url: "/api/announcements",
        body: { title: "Meeting", content: "Thursday at six.", category: "General" },
        client: org.admin.client,
        table: "announcements",
      },
      {
        url: "/api/employer-contacts",
        body: { name: "Pat Morgan", title: "HR Manager", email: "pat@once-employer.test" },
        client: org.admin.client,
        table: "employer_contacts",
      },
      {
        url: "/api/grievances",
        body: grievanceBody({ name: "Sam Once" }),
        client: org.member.client,
        table: "grievances",
      },
    ];
    for (const c of cases) {
      const before = await count(org.id, c.table, c.where);
      // One after the other: the second answers the first's status and body.
      const first = await send(c.client, c.url, c.body, `seq-${c.table}`);
      expect(first.statusCode, first.body).toBe(201);
      const again = await send(c.client, c.url, c.body, `seq-${c.table}`);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(await count(org.id, c.table, c.where), c.url).toBe(before + 1);

      // At once (a double click): one creates, the other answers 409 or the first result.
      const body =
        c.table === "invitations"
          ? { email: "twice@example.org", role: "member" }
          : c.table === "employer_contacts"
            ? { name: "Lee Twice", email: "lee@once-employer.test" }
            : c.body;
      const both = await Promise.all([
        send(c.client, c.url, body, `par-${c.table}`),
        send(c.client, c.url, body, `par-${c.table}`),
      ]);
      const statuses = both.map((r) => r.statusCode).sort();
      expect(statuses[0], both.map((r) => r.body).join("\n")).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      expect(await count(org.id, c.table, c.where), c.url).toBe(before + 2);
      // Once the first has answered, the key answers its result.
      const later = await send(c.client, c.url, body, `par-${c.table}`);
      expect(later.statusCode).toBe(201);
      expect(await count(org.id, c.table, c.where)).toBe(before + 2);
    }
    // The invitation mail left once per key.
    expect(await t.mailsTo("once@example.org")).toHaveLength(1);
    expect(await t.mailsTo("twice@example.org")).toHaveLength(1);
  });

  it("covers issue 34's contacts and questions, information requests and a document upload", async () => {
    const org = await createOrganization(t, "More Local");
    const g = await fileGrievance(org.member.client);
    const json = (url: string, body: unknown, client: TestClient) => (key: string) =>
      send(client, url, body, key);
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const upload = (key: string) => {
      const body = multipart(
        { name: "Seniority list", category: "Contracts" },
        { filename: "list.pdf", contentType: "application/pdf", data: pdf },
      );
      return org.admin.client.raw({
        method: "POST",
        url: "/api/documents",
        payload: body.payload,
        headers: { ...body.headers, "idempotency-key": key },
      });
    };
    const cases: [string, (key: string) => ReturnType<typeof send>][] = [
      [
        "grievance_contacts",
        json(
          `/api/grievances/${g.id}/contacts`,
          {
            channel: "call",
            summary: "Went over the timeline.",
            date: todayIn("America/New_York", new Date()),
          },
          org.steward.client,
        ),
      ],
      [
        "grievance_questions",
        json(
          `/api/grievances/${g.id}/questions`,
          { text: "When is the hearing?" },
          org.member.client,
        ),
      ],
      [
        "information_requests",
        json(
          `/api/grievances/${g.id}/information-requests`,
          { items: [{ text: "The overtime list for October." }] },
          org.steward.client,
        ),
      ],
      ["documents", upload],
    ];
    for (const [table, post] of cases) {
      const before = await count(org.id, table);
      const first = await post(`one-${table}`);
      expect(first.statusCode, first.body).toBe(201);
      expect((await post(`one-${table}`)).json()).toEqual(first.json());
      const both = await Promise.all([post(`two-${table}`), post(`two-${table}`)]);
      const statuses = both.map((r) => r.statusCode).sort();
      expect(statuses[0], both.map((r) => r.body).join("\n")).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      expect(await count(org.id, table), table).toBe(before + 2);
    }
  });

  it("answers 422 for another body under the same key, 400 for a bad key; no key behaves as before", async () => {
    const org = await createOrganization(t, "Body Local");
    const url = "/api/announcements";
    const body = { title: "First", content: "The first text.", category: "General" };
    expect((await send(org.admin.client, url, body, "k-1")).statusCode).toBe(201);
    const other = await send(org.admin.client, url, { ...body, title: "Second" }, "k-1");
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toMatch(/already used for a different request/);
    for (const bad of ["has space", "x".repeat(201), "é"]) {
      const res = await send(org.admin.client, url, body, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message).toMatch(/1 to 200 visible ASCII/);
    }
    expect((await send(org.admin.client, url, body, "x".repeat(200))).statusCode).toBe(201);
    expect(await count(org.id, "announcements")).toBe(2);
    // Without a key, every request creates (as before this change).
    await send(org.admin.client, url, body);
    await send(org.admin.client, url, body);
    expect(await count(org.id, "announcements")).toBe(4);
    // A failed first request frees its key: the corrected retry creates.
    const refused = await send(org.admin.client, url, { ...body, title: "" }, "k-2");
    expect(refused.statusCode).toBe(400);
    expect((await send(org.admin.client, url, body, "k-2")).statusCode).toBe(201);
    expect(await count(org.id, "announcements")).toBe(5);
  });

  it("keeps one user's key apart from another user's and another organization's", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const url = "/api/announcements";
    const body = { title: "Shared key", content: "Same key, other people.", category: "General" };
    const mine = await send(victim.admin.client, url, body, "shared-key");
    const theirs = await send(attacker.admin.client, url, body, "shared-key");
    const colleague = await send(victim.steward.client, url, body, "shared-key");
    expect([mine.statusCode, theirs.statusCode, colleague.statusCode]).toEqual([201, 201, 201]);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(colleague.json().id).not.toBe(mine.json().id);
    expect(await count(victim.id, "announcements")).toBe(2);
    expect(await count(attacker.id, "announcements")).toBe(1);
    // The attacker's organization sees none of the victim's keys.
    expect(await count(attacker.id, "idempotency_keys", sql`user_id = ${victim.admin.id}`)).toBe(0);
  });

  it("sweeps keys older than 24 hours on the next write, and the old key then creates again", async () => {
    const org = await createOrganization(t, "Sweep Local");
    const url = "/api/announcements";
    const body = { title: "Old", content: "An old request.", category: "General" };
    expect((await send(org.admin.client, url, body, "old-key")).statusCode).toBe(201);
    expect(
      (await send(org.admin.client, url, body, "old-key")).headers["idempotent-replayed"],
    ).toBe("true");
    expect(await count(org.id, "idempotency_keys")).toBe(1);
    await withTenant(t.db, org.id, (trx) =>
      sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours'
        WHERE organization_id = ${org.id}`.execute(trx),
    );
    expect((await send(org.admin.client, url, body, "old-key")).statusCode).toBe(201);
    expect(await count(org.id, "announcements")).toBe(2);
    expect(
      await count(org.id, "idempotency_keys", sql`created_at < now() - interval '1 day'`),
    ).toBe(0);
  });
});
