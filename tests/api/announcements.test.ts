import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { AnnouncementMessages } from "../../src/shared/schemas/announcements.ts";
import { createOrganization, createTwoOrganizations } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail, type TestClient } from "../support/test-app.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

async function post(
  client: TestClient,
  input: { title: string; content: string; category: string; emailMembers?: boolean },
) {
  const res = await client.post("/api/announcements", input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string; content: string; emailed: number };
}

/** Sends what the outbox holds, then waits for the mail with this subject to reach `to`. */

describe("announcement permissions", () => {
  it("lets admins and stewards post, everyone read, only admins edit and delete", async () => {
    const org = await createOrganization(t, "Board Local");
    const byAdmin = await post(org.admin.client, {
      title: "Admin news",
      content: "From the admin.",
      category: "General",
    });
    const bySteward = await post(org.steward.client, {
      title: "Steward news",
      content: "From the steward.",
      category: "Meetings",
    });
    const refused = await org.member.client.post("/api/announcements", {
      title: "Member news",
      content: "Members cannot post.",
      category: "General",
    });
    expect(refused.statusCode).toBe(403);

    for (const person of [org.admin, org.steward, org.member]) {
      const list = (await person.client.get("/api/announcements")).json();
      expect(list.total).toBe(2);
    }

    for (const person of [org.steward, org.member]) {
      const edit = await person.client.request("PATCH", `/api/announcements/${byAdmin.id}`, {
        title: "Changed",
      });
      expect(edit.statusCode).toBe(403);
      const del = await person.client.request("DELETE", `/api/announcements/${bySteward.id}`);
      expect(del.statusCode).toBe(403);
    }

    const edited = await org.admin.client.request("PATCH", `/api/announcements/${bySteward.id}`, {
      title: "Steward news (corrected)",
      category: "Events",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: "Steward news (corrected)",
      content: "From the steward.",
      category: "Events",
      tagColor: "green",
      author: { id: org.steward.id, name: "Board Local Steward" },
    });
    expect(new Date(edited.json().updatedAt) >= new Date(edited.json().createdAt)).toBe(true);

    const deleted = await org.admin.client.request("DELETE", `/api/announcements/${byAdmin.id}`);
    expect(deleted.statusCode).toBe(204);
    const after = (await org.member.client.get("/api/announcements")).json();
    expect(after.items.map((a: { id: string }) => a.id)).toEqual([bySteward.id]);
  });

  it("starts a new organization with an empty board", async () => {
    const org = await createOrganization(t, "Quiet Local");
    expect((await org.member.client.get("/api/announcements")).json()).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });
});

describe("announcement content", () => {
  it("stores and returns markup as plain text, byte for byte", async () => {
    const org = await createOrganization(t, "Markup Local");
    const content = `<script>alert("pwned")</script>\n<img src=x onerror=alert(1)> & <b>bold</b>`;
    const created = await post(org.steward.client, {
      title: "<h1>Title</h1>",
      content,
      category: "Safety",
    });
    expect(created.content).toBe(content);
    const res = await org.member.client.get("/api/announcements");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().items[0]).toMatchObject({
      title: "<h1>Title</h1>",
      content,
      category: "Safety",
      tagColor: "red",
    });
  });

  it("explains what is missing or wrong", async () => {
    const org = await createOrganization(t, "Validation Local");
    const cases: [unknown, string, string][] = [
      [
        { title: "  ", content: "Body", category: "General" },
        "title",
        AnnouncementMessages.titleRequired,
      ],
      [
        { title: "Title", content: "", category: "General" },
        "content",
        AnnouncementMessages.contentRequired,
      ],
      [
        { title: "Title", content: "Body", category: "Gossip" },
        "category",
        AnnouncementMessages.category,
      ],
      [
        { title: "x".repeat(201), content: "Body", category: "General" },
        "title",
        AnnouncementMessages.titleMax,
      ],
      [
        { title: "Title", content: "x".repeat(10_001), category: "General" },
        "content",
        AnnouncementMessages.contentMax,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await org.admin.client.post("/api/announcements", body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const created = await post(org.admin.client, {
      title: "Title",
      content: "Body",
      category: "General",
    });
    const empty = await org.admin.client.request("PATCH", `/api/announcements/${created.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(AnnouncementMessages.nothingToChange);
  });

  it("lists newest first, with author and posted time, in pages", async () => {
    const org = await createOrganization(t, "Order Local");
    const titles = ["First", "Second", "Third", "Fourth", "Fifth"];
    for (const title of titles) {
      await post(org.admin.client, { title, content: `${title} body`, category: "General" });
    }
    const all = (await org.member.client.get("/api/announcements")).json();
    expect(all.items.map((a: { title: string }) => a.title)).toEqual([...titles].reverse());
    expect(all.items[0]).toMatchObject({
      author: { id: org.admin.id, name: "Order Local Admin" },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      tagColor: "gray",
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await org.member.client.get(`/api/announcements${qs}`)).json();
      expect(page.total).toBe(5);
      seen.push(...page.items.map((a: { title: string }) => a.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...titles].reverse());
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const org = await createOrganization(t, "Unknown Local");
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const edit = await org.admin.client.request("PATCH", `/api/announcements/${id}`, {
        title: "x",
      });
      expect(edit.statusCode).toBe(404);
      const del = await org.admin.client.request("DELETE", `/api/announcements/${id}`);
      expect(del.statusCode).toBe(404);
    }
  });
});

describe("emailing members", () => {
  it("sends one mail to every other member through the outbox when asked", async () => {
    const org = await createOrganization(t, "Mail Local");
    const quiet = await post(org.steward.client, {
      title: "Not emailed",
      content: "Only on the board.",
      category: "General",
    });
    expect(quiet.emailed).toBe(0);

    const content = 'Meeting moved to <b>Friday</b> & "bring a friend" <script>x()</script>';
    const loud = await post(org.steward.client, {
      title: "Meeting moved",
      content,
      category: "Meetings",
      emailMembers: true,
    });
    expect(loud.emailed).toBe(2);
    for (const person of [org.admin, org.member]) {
      const mail = await t.waitForMail(person.email, "Mail Local: Meeting moved");
      expect(mail.text).toContain(content);
      expect(mail.text).toContain("http://localhost:3000/announcements");
      const all = await t.mailsTo(person.email);
      expect(all.filter((m) => m.subject === mail.subject)).toHaveLength(1);
    }
    await t.mail.drain();
    expect(t.smtp.to(org.steward.email).filter((m) => m.subject.includes("Meeting"))).toHaveLength(
      0,
    );
    expect(t.smtp.messages.filter((m) => m.subject.includes("Not emailed"))).toHaveLength(0);
  });
});

describe("tenancy", () => {
  it("keeps each organization's board to itself, in the API and in the database", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    const secret = await post(victim.admin.client, {
      title: "Victim strike vote",
      content: "Confidential.",
      category: "Bargaining",
    });
    await post(attacker.admin.client, {
      title: "Attacker news",
      content: "Hi",
      category: "General",
    });

    const list = await attacker.admin.client.get("/api/announcements");
    expect(list.body).not.toContain(secret.id);
    expect(list.body).not.toContain("Victim strike vote");
    const edit = await attacker.admin.client.request("PATCH", `/api/announcements/${secret.id}`, {
      title: "Hijacked",
    });
    expect(edit.statusCode).toBe(404);
    const del = await attacker.admin.client.request("DELETE", `/api/announcements/${secret.id}`);
    expect(del.statusCode).toBe(404);
    const victimView = (await victim.member.client.get("/api/announcements")).json();
    expect(victimView.items[0]).toMatchObject({ id: secret.id, title: "Victim strike vote" });

    const rows = await withTenant(t.db, attacker.id, (trx) =>
      trx.selectFrom("announcements").select("title").execute(),
    );
    expect(rows.map((r) => r.title)).toEqual(["Attacker news"]);
    expect(await t.db.selectFrom("announcements").selectAll().execute()).toEqual([]);
    const updated = await withTenant(t.db, attacker.id, (trx) =>
      trx
        .updateTable("announcements")
        .set({ title: "Hijacked" })
        .where("organizationId", "=", victim.id)
        .executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
  });
});
