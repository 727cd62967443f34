import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * With the session and membership cache on (as the server runs it, lib/auth/auth-cache.ts),
 * a change reaches the next request: through this instance's own writes at once, and through
 * NOTIFY (migration 0070) when the change comes from elsewhere (another instance, a script).
 */
let t: TestApp;
let owner: pg.Client;
beforeAll(async () => {
  t = await startTestApp({ authCache: true });
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

/** Polls until `check` holds: a notice from another connection arrives within milliseconds. */
async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe("the session and membership cache", () => {
  it("answers repeated requests from memory, and hears of a change made elsewhere", async () => {
    const org = await createOrganization(t, "Cache Local 1");
    const me = async () => (await org.member.client.get("/api/me")).json().user.name as string;
    // Setting the organization up changed these users: let those notices arrive first.
    await new Promise((r) => setTimeout(r, 500));
    const before = await me();
    // A write that fires no trigger (replica mode) is not heard: the cached name stays.
    await owner.query("SET session_replication_role = replica");
    await owner.query("UPDATE users SET name = 'Unheard Name' WHERE id = $1", [org.member.id]);
    await owner.query("SET session_replication_role = origin");
    expect(await me()).toBe(before);
    await owner.query("UPDATE users SET name = 'Heard Name' WHERE id = $1", [org.member.id]);
    expect(await eventually(async () => (await me()) === "Heard Name")).toBe(true);
  });

  it("a role changed or a session deleted in the database is refused within moments", async () => {
    const org = await createOrganization(t, "Cache Local 2");
    const board = () => org.steward.client.get("/api/deadlines");
    expect((await board()).statusCode).toBe(200);
    await owner.query("UPDATE memberships SET role = 'member' WHERE user_id = $1", [
      org.steward.id,
    ]);
    expect(await eventually(async () => (await board()).statusCode === 403)).toBe(true);

    expect((await org.member.client.get("/api/me")).statusCode).toBe(200);
    await owner.query("DELETE FROM sessions WHERE user_id = $1", [org.member.id]);
    expect(
      await eventually(async () => (await org.member.client.get("/api/me")).statusCode === 401),
    ).toBe(true);
  });

  it("this instance's own writes reach the very next request: demotion and sign-out", async () => {
    const org = await createOrganization(t, "Cache Local 3");
    expect((await org.steward.client.get("/api/deadlines")).statusCode).toBe(200);
    const demote = await org.admin.client.request("PATCH", `/api/members/${org.steward.id}`, {
      role: "member",
    });
    expect(demote.statusCode).toBe(200);
    expect((await org.steward.client.get("/api/deadlines")).statusCode).toBe(403);

    const cookie = org.member.client.cookieHeader();
    expect((await org.member.client.get("/api/me")).statusCode).toBe(200);
    expect((await org.member.client.post("/api/auth/sign-out")).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(again.statusCode).toBe(401);
  });
});
