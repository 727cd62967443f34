import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKysely, type DB } from "../../src/server/db/connection.ts";
import { withTenant } from "../../src/server/db/tenant.ts";
import { createTwoOrganizations } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Issue 15: a tenant transaction carries its organization in its `begin` message. What the
// server sends is read off the one connection the pool holds.
let t: TestApp;
let pool: pg.Pool;
let db: DB;
const sent: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  pool = new pg.Pool({ connectionString: t.appDatabaseUrl, max: 1 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
      sent.push(text);
      return query(...args);
    };
  });
  db = createKysely(pool);
});
afterAll(async () => {
  await db.destroy();
  await t.close();
});

const organizationIds = (trx: DB) =>
  sql<{ id: string }>`SELECT id FROM organizations ORDER BY id`
    .execute(trx)
    .then((r) => r.rows.map((row) => row.id));

describe("binding a transaction to an organization", () => {
  it("costs no round trip: begin, the query, commit; and row-level security sees that organization only", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    sent.length = 0;
    const seen = await withTenant(db, victim.id, (trx) => organizationIds(trx));
    expect(seen).toEqual([victim.id]);
    expect(sent).toEqual([
      `begin; select set_config('app.organization_id', '${victim.id}', true)`,
      "SELECT id FROM organizations ORDER BY id",
      "commit",
    ]);
    sent.length = 0;
    expect(await withTenant(db, attacker.id, (trx) => organizationIds(trx))).toEqual([attacker.id]);
  });

  it("leaves nothing on the pooled connection: the next use outside a tenant sees no organization", async () => {
    const { victim } = await createTwoOrganizations(t);
    await withTenant(db, victim.id, (trx) => organizationIds(trx));
    expect(await organizationIds(db)).toEqual([]);
    const { rows } = await sql<{
      v: string | null;
    }>`SELECT current_setting('app.organization_id', true) AS v`.execute(db);
    expect(rows[0]?.v ?? "").toBe("");
  });

  it("rolls back on failure, and the connection's next transaction is bound afresh", async () => {
    const { attacker, victim } = await createTwoOrganizations(t);
    await expect(
      withTenant(db, victim.id, async (trx) => {
        await sql`SELECT 1/0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await withTenant(db, attacker.id, (trx) => organizationIds(trx))).toEqual([attacker.id]);
  });

  it("a transaction the body starts itself is not bound", async () => {
    const { victim } = await createTwoOrganizations(t);
    const roomy = createKysely(new pg.Pool({ connectionString: t.appDatabaseUrl, max: 2 }));
    try {
      const inner = await withTenant(roomy, victim.id, () =>
        roomy.transaction().execute((other) => organizationIds(other)),
      );
      expect(inner).toEqual([]);
    } finally {
      await roomy.destroy();
    }
  });

  it("an id that is not a canonical UUID is never written into SQL: it goes as a parameter", async () => {
    sent.length = 0;
    const attack = "00000000-0000-0000-0000-000000000000', true); select 1; --";
    // Row-level security casts the setting to a UUID, so the query fails as before the fold.
    await expect(withTenant(db, attack, (trx) => organizationIds(trx))).rejects.toThrow(
      /invalid input syntax for type uuid/,
    );
    expect(sent.slice(0, 2)).toEqual([
      "begin",
      "SELECT set_config('app.organization_id', $1, true)",
    ]);
    expect(sent.join("\n")).not.toContain("select 1; --");
  });
});
