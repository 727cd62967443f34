import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ROLE } from "../../src/server/db/connection.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { createTwoOrganizations } from "../support/tenants.ts";
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

  it("logs in as itself; no SET ROLE reaches the owner's rights, and none gets past row-level security", async () => {
    // Two organizations' rows, so a count of zero means row-level security, not an empty table.
    const { attacker, victim } = await createTwoOrganizations(t);
    const ownerClient = new pg.Client({ connectionString: t.databaseUrl });
    await ownerClient.connect();
    const everything = await ownerClient.query("SELECT id FROM organizations");
    await ownerClient.end();
    expect(everything.rows.map((r) => r.id).sort()).toEqual([attacker.id, victim.id].sort());

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
      for (const reset of ["SET ROLE NONE", "RESET ROLE"]) {
        await client.query(reset);
        const unfiltered = await client.query(
          `SELECT session_user AS s, current_user AS c, r.rolsuper, r.rolbypassrls,
                  (SELECT count(*)::int FROM organizations) AS orgs,
                  (SELECT count(*)::int FROM memberships) AS members
           FROM pg_roles r WHERE r.rolname = current_user`,
        );
        expect(unfiltered.rows[0], reset).toEqual({
          s: APP_ROLE,
          c: APP_ROLE,
          rolsuper: false,
          rolbypassrls: false,
          orgs: 0,
          members: 0,
        });
        // With one tenant set, a query without any filter sees that tenant's rows only.
        await client.query("BEGIN");
        await client.query("SELECT set_config('app.organization_id', $1, true)", [attacker.id]);
        const seen = await client.query(
          `SELECT (SELECT array_agg(id) FROM organizations) AS orgs,
                  (SELECT array_agg(DISTINCT organization_id) FROM memberships) AS members`,
        );
        await client.query("COMMIT");
        expect(seen.rows[0], reset).toEqual({ orgs: [attacker.id], members: [attacker.id] });
      }
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
