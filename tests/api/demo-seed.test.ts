import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ORGANIZATION, DEMO_USERS, seedDemo } from "../../src/server/db/seed/demo.ts";
import { APP_URL, type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/** `npm start` on an empty database: the demo organization, its people and its content. */
let t: MailTestApp;
beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

const log = pino({ level: "silent" });
const demo = (role: string) => DEMO_USERS.find((u) => u.role === role) as (typeof DEMO_USERS)[0];

async function signedIn(role: string) {
  const client = t.client();
  const { email, password } = demo(role);
  expect((await client.signIn(email, password)).statusCode).toBe(200);
  return client;
}

describe("the demo data", () => {
  it("seeds once: people, documents, announcements and a grievance in each status", async () => {
    expect(await seedDemo(t.db, t.auth, log, { storage: t.storage, appUrl: APP_URL })).toBe(true);
    expect(await seedDemo(t.db, t.auth, log, { storage: t.storage, appUrl: APP_URL })).toBe(false);

    const member = await signedIn("member");
    const me = (await member.get("/api/me")).json();
    expect(me).toMatchObject({ role: "member", organization: { name: DEMO_ORGANIZATION } });
    expect((await member.get("/api/documents")).json().items).toHaveLength(7);
    expect((await member.get("/api/announcements")).json().items).toHaveLength(3);

    const mine = (await member.get("/api/grievances")).json();
    const year = new Date().getUTCFullYear();
    expect(mine.items.map((g: { id: string }) => g.id).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `G-${year}-000${n}`),
    );
    expect(mine.items.map((g: { status: string }) => g.status).sort()).toEqual([
      "escalated",
      "new",
      "pending",
      "resolved",
    ]);
    const stats = (await (await signedIn("steward")).get("/api/dashboard-stats")).json();
    expect(stats).toMatchObject({ totalGrievances: 4 });

    // The steward's work reached the member by mail, with absolute links.
    const updates = await t.mailsTo(demo("member").email);
    expect(updates.length).toBeGreaterThanOrEqual(3);
    expect(updates[0]?.text).toContain(`${APP_URL}/grievances/G-${year}-`);
  });
});
