import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  appLoginUrl,
  createAppPool,
  createKysely,
  type DB,
  provisionAppLogin,
} from "../../src/server/db/connection.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { withTenant } from "../../src/server/db/tenant.ts";
import { organizationWriteLock } from "../../src/server/lib/tenancy/write-lock.ts";
import { newInviteCode } from "../../src/server/modules/organizations/invite-code.ts";

/**
 * A managed PostgreSQL (README, Production): the DATABASE_URL user is an ordinary role that
 * owns the database, not a superuser, and `unionhall_app` was created and granted to it by
 * the provider's administrator. Migrations, the owner's SECURITY DEFINER functions and the
 * database-kept counts must all work there, and row-level security must still bind the app.
 */
const suffix = randomBytes(4).toString("hex");
const owner = `managed_owner_${suffix}`;
const database = `managed_${suffix}`;
const password = randomBytes(12).toString("hex");
let admin: pg.Client;
let ownerUrl: string;
let db: DB;

beforeAll(async () => {
  const serverUrl = inject("pgServerUrl");
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE ROLE ${owner} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD '${password}'`);
  await admin.query(`GRANT unionhall_app TO ${owner}`);
  await admin.query(`CREATE DATABASE ${database} OWNER ${owner}`);
  const url = new URL(serverUrl);
  url.username = owner;
  url.password = password;
  url.pathname = `/${database}`;
  ownerUrl = url.toString();
  await migrateToLatest(ownerUrl);
  // The administrator gave unionhall_app its login (APP_DATABASE_URL); the global set-up did.
  const pool = createAppPool(appLoginUrl(ownerUrl, inject("appPassword")), 3);
  pool.on("error", () => undefined); // the forced drop at the end ends idle connections
  db = createKysely(pool);
});
afterAll(async () => {
  await db?.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`DROP OWNED BY ${owner}`).catch(() => undefined);
  await admin.query(`DROP ROLE IF EXISTS ${owner}`);
  await admin.end();
});

async function newOrganization(name: string, trialEnds: string) {
  const id = crypto.randomUUID();
  await withTenant(db, id, (trx) =>
    sql`INSERT INTO organizations (id, name, invite_code, plan, billing_cycle, status, trial_ends_at)
        VALUES (${id}, ${name}, ${newInviteCode()}, 'starter',
                'monthly', 'trialing', now() + ${trialEnds}::interval)`.execute(trx),
  );
  return id;
}

describe("on a managed PostgreSQL (the owner is an ordinary role)", () => {
  it("migrates, and the owner is neither superuser nor able to bypass row-level security", async () => {
    const { rows } = await admin.query(
      "SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = $1",
      [owner],
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it("says to set APP_DATABASE_URL when the owner may not give the app role a login", async () => {
    await expect(provisionAppLogin(ownerUrl, "another-password")).rejects.toThrow(
      /set APP_DATABASE_URL/,
    );
  });

  it("runs the owner's SECURITY DEFINER functions across organizations", async () => {
    const lapsed = await newOrganization("Lapsed Managed", "-1 day");
    const open = await newOrganization("Open Managed", "10 days");
    expect(await organizationWriteLock(db, lapsed)).toBe("lapsed");
    expect(await organizationWriteLock(db, open)).toBeNull();
    const { rows } = await sql<{ organizationId: string; kind: string }>`
      SELECT organization_id, kind FROM claim_trial_notices()`.execute(db);
    expect(rows).toEqual([{ organizationId: lapsed, kind: "ended" }]);
  });

  it("keeps the grievance counts, and row-level security still binds the app role", async () => {
    const org = await newOrganization("Counting Managed", "10 days");
    const other = await newOrganization("Other Managed", "10 days");
    await withTenant(db, org, (trx) =>
      sql`INSERT INTO grievances (organization_id, id, name, badge_number, job_title, department,
            location, description, remedy, filed_at, updated_at)
          SELECT ${org}, 'G-2026-000' || n, 'Pat', 'B1', 'Other', 'Other', 'Other',
                 'A description long enough', 'A remedy long enough', now(), now()
          FROM generate_series(1, 3) n`.execute(trx),
    );
    const counts = await withTenant(db, org, (trx) =>
      sql<{ newCount: number }>`SELECT new_count FROM grievance_status_counts`.execute(trx),
    );
    expect(counts.rows).toEqual([{ newCount: 3 }]);
    const seenByOther = await withTenant(db, other, (trx) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM grievances`.execute(trx),
    );
    expect(seenByOther.rows[0]?.n).toBe(0);
  });
});
