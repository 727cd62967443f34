import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ROLE } from "../../src/server/db/connection.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("the application's database role", () => {
  it("is neither superuser, owner nor able to bypass row-level security", async () => {
    const { rows } = await sql<{
      who: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      owns: number;
    }>`
      SELECT current_user AS who, r.rolsuper, r.rolbypassrls,
             (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owns
      FROM pg_roles r WHERE r.rolname = current_user`.execute(t.db);
    expect(rows[0]).toEqual({ who: APP_ROLE, rolsuper: false, rolbypassrls: false, owns: 0 });
  });

  it("logs in as itself, and no SET ROLE reaches the owner's rights", async () => {
    const client = new pg.Client({ connectionString: t.appDatabaseUrl });
    await client.connect();
    try {
      const who = await client.query(
        "SELECT session_user AS s, current_user AS c, r.rolsuper, r.rolbypassrls FROM pg_roles r WHERE r.rolname = session_user",
      );
      expect(who.rows[0]).toEqual({
        s: APP_ROLE,
        c: APP_ROLE,
        rolsuper: false,
        rolbypassrls: false,
      });
      const owner = new URL(t.databaseUrl).username;
      await expect(client.query(`SET ROLE ${client.escapeIdentifier(owner)}`)).rejects.toThrow(
        /permission denied/,
      );
      // Not a member of the owner (nor of any role) in any way.
      const member = await client.query(
        "SELECT count(*)::int AS n FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = $1",
        [APP_ROLE],
      );
      expect(member.rows[0].n).toBe(0);
      // What the old pool did (`-c role=` over the owner's login) let RESET ROLE drop back to
      // the superuser; logged in as itself, nothing is left to drop back to.
      await client.query("SET ROLE NONE");
      const after = await client.query(
        "SELECT current_user AS c, (SELECT count(*)::int FROM organizations) AS orgs",
      );
      expect(after.rows[0]).toEqual({ c: APP_ROLE, orgs: 0 });
    } finally {
      await client.end();
    }
  });

  it("cannot change the schema", async () => {
    await expect(sql`CREATE TABLE intruder (id int)`.execute(t.db)).rejects.toThrow(
      /permission denied/,
    );
    await expect(sql`DROP TABLE users`.execute(t.db)).rejects.toThrow(
      /must be owner|permission denied/,
    );
  });

  it("migrations are idempotent: running them again changes nothing", async () => {
    await migrateToLatest(t.databaseUrl);
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const { rows } = await client.query("SELECT name FROM schema_migrations ORDER BY name");
    await client.end();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  });
});

describe("row-level security", () => {
  it("is on for every table that holds an organization's rows", async () => {
    // Read before any tenant is known: accounts (users points at its organization), the
    // invitation-code index, and billing's customer and checkout records (webhooks, the buyer).
    const globalByDesign = ["billing_customers", "checkout_sessions", "tenant_lookup", "users"];
    const { rows } = await sql<{ table: string; rls: boolean }>`
      SELECT c.relname AS table, c.relrowsecurity AS rls
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r'
        AND (c.relname = 'organizations' OR EXISTS (
          SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id'
            AND NOT a.attisdropped))
      ORDER BY 1`.execute(t.db);
    const unprotected = rows.filter((r) => !r.rls).map((r) => r.table);
    expect(unprotected).toEqual(globalByDesign);
    expect(rows.length).toBeGreaterThan(10);
  });
});
