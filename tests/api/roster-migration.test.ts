import { randomBytes } from "node:crypto";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";

/**
 * Migration 0130 on a database that holds an organization already (issue 29): every member
 * gets a linked person, a badge number two members shared stays with the first, a grievant
 * whose membership was removed gets a person marked left, and the grievant rows name people.
 */
const name = `m_${randomBytes(6).toString("hex")}`;
let url: string;
let owner: pg.Client;

beforeAll(async () => {
  const server = inject("pgServerUrl");
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  url = u.toString();
  // The schema as it stood before the roster.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < "0130"));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  }).migrateToLatest();
  await db.destroy();
  if (error) throw error;
  owner = new pg.Client({ connectionString: url });
  await owner.connect();
});

afterAll(async () => {
  await owner?.end();
  const admin = new pg.Client({ connectionString: inject("pgServerUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe("migration 0130 on an organization's existing data", () => {
  it("gives every member a linked person and every grievant row its person", async () => {
    const org = (
      await owner.query(
        `INSERT INTO organizations (name, invite_code, plan) VALUES ('Old Local', 'OLDCODE234', 'pro') RETURNING id`,
      )
    ).rows[0].id as string;
    for (const [id, email] of [
      ["u1", "Admin@Example.org"],
      ["u2", "two@example.org"],
      ["u3", "three@example.org"],
      ["u4", "gone@example.org"],
    ])
      await owner.query("INSERT INTO users (id, name, email) VALUES ($1, $2, $3)", [
        id,
        `User ${id}`,
        email,
      ]);
    await owner.query(
      `INSERT INTO memberships (organization_id, user_id, role, badge_number, department, facility, created_at)
       VALUES ($1, 'u1', 'admin', 'A-1', NULL, NULL, now() - interval '3 days'),
              ($1, 'u2', 'member', ' B-2 ', 'Paint', 'North', now() - interval '2 days'),
              ($1, 'u3', 'member', 'B-2', NULL, NULL, now() - interval '1 day')`,
      [org],
    );
    await owner.query(
      `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
         department, location, description, remedy, type)
       VALUES ($1, 'G-2026-0001', 'u1', 'Group', '', 'x', 'x', 'x', 'Overtime out of order.', 'Pay it.', 'group')`,
      [org],
    );
    await owner.query(
      `INSERT INTO grievance_grievants (organization_id, grievance_id, user_id)
       VALUES ($1, 'G-2026-0001', 'u2'), ($1, 'G-2026-0001', 'u4')`,
      [org],
    );

    await migrateToLatest(url);

    const people = (
      await owner.query(
        `SELECT user_id, email, badge_number, department, location, status, joined_at IS NOT NULL AS joined
         FROM people WHERE organization_id = $1 ORDER BY user_id`,
        [org],
      )
    ).rows;
    expect(people).toEqual([
      {
        user_id: "u1",
        email: "admin@example.org",
        badge_number: "A-1",
        department: null,
        location: null,
        status: "active",
        joined: true,
      },
      {
        user_id: "u2",
        email: "two@example.org",
        badge_number: "B-2",
        department: "Paint",
        location: "North",
        status: "active",
        joined: true,
      },
      {
        user_id: "u3",
        email: "three@example.org",
        badge_number: null,
        department: null,
        location: null,
        status: "active",
        joined: true,
      },
      {
        user_id: "u4",
        email: "gone@example.org",
        badge_number: null,
        department: null,
        location: null,
        status: "left",
        joined: false,
      },
    ]);
    const grievants = (
      await owner.query(
        `SELECT gg.user_id, p.user_id AS person_user FROM grievance_grievants gg
         JOIN people p ON p.organization_id = gg.organization_id AND p.id = gg.person_id
         WHERE gg.organization_id = $1 ORDER BY gg.user_id`,
        [org],
      )
    ).rows;
    expect(grievants).toEqual([
      { user_id: "u2", person_user: "u2" },
      { user_id: "u4", person_user: "u4" },
    ]);
    const isGrievant = async (actor: string) =>
      (
        await owner.query(`SELECT is_grievant($1, 'G-2026-0001', 'group', 'u1', $2) AS yes`, [
          org,
          actor,
        ])
      ).rows[0].yes;
    expect(await isGrievant("u2")).toBe(true);
    expect(await isGrievant("u1")).toBe(false);
  });
});
