import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * The access check reads the session itself (src/server/lib/auth/session-lookup.ts) and must
 * agree with better-auth: signature, revocation, expiry and the sliding refresh.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(): Promise<{ client: TestClient; userId: string; cookie: string }> {
  const user = await t.createUser();
  const client = t.client();
  expect((await client.signIn(user.email, user.password)).statusCode).toBe(200);
  return { client, userId: user.id, cookie: client.cookieHeader() };
}

const me = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/me", headers: { cookie, origin: APP_URL } });

async function sessionOf(userId: string) {
  const { rows } = await sql<{ expiresAt: Date }>`
    SELECT expires_at FROM sessions WHERE user_id = ${userId}`.execute(t.db);
  return rows[0];
}

describe("the session check", () => {
  it("knows a signed-in user and refuses a cookie whose token or signature was changed", async () => {
    const { userId, cookie } = await signedIn();
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(userId);
    const [name, value] = cookie.split("=", 2) as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const otherToken = `${decoded.slice(0, dot - 1)}x${decoded.slice(dot)}`;
    expect((await me(`${name}=${encodeURIComponent(otherToken)}`)).statusCode).toBe(401);
    const otherSignature = `${decoded.slice(0, dot)}.${"A".repeat(43)}=`;
    expect((await me(`${name}=${encodeURIComponent(otherSignature)}`)).statusCode).toBe(401);
    expect((await me("")).statusCode).toBe(401);
  });

  it("refuses a revoked session at once", async () => {
    const { client, cookie } = await signedIn();
    expect((await client.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses an expired session, and better-auth deletes it", async () => {
    const { userId, cookie } = await signedIn();
    await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${userId}`.execute(
      t.db,
    );
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionOf(userId)).toBeUndefined();
  });

  it("lets better-auth slide a session due for refresh (older than a day) forward", async () => {
    const { userId, cookie } = await signedIn();
    await sql`UPDATE sessions SET expires_at = now() + interval '5 days' WHERE user_id = ${userId}`.execute(
      t.db,
    );
    expect((await me(cookie)).statusCode).toBe(200);
    const session = await sessionOf(userId);
    const daysLeft = (new Date(session?.expiresAt ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
  });
});
