import { randomBytes } from "node:crypto";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";

/**
 * Migration 0200 on a database that holds grievances already (issue 30): existing citations get
 * the numbers they carry, the report roll-ups are rebuilt by those numbers, and the radar is
 * marked out of date.
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
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < "0200"));
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

describe("migration 0200 on existing grievances", () => {
  it("matches their citations by number and regroups the reports and the radar", async () => {
    const org = (
      await owner.query(
        `INSERT INTO organizations (name, invite_code, plan) VALUES ('Old Local', 'OLDCODE200', 'pro') RETURNING id`,
      )
    ).rows[0].id as string;
    await owner.query(
      "INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'ana@example.org')",
    );
    const cited = [
      ["G-2026-0001", ["Art. 12.3 Overtime"]],
      ["G-2026-0002", ["Article 12.3", "Past practice"]],
      ["G-2026-0003", ["Sec. 12.3"]],
      ["G-2026-0004", []],
    ] as const;
    for (const [id, articles] of cited) {
      await owner.query(
        `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
           department, location, description, remedy, articles, filed_at)
         VALUES ($1, $2, 'u1', 'Ana', '', 'x', 'Manufacturing', 'Main Office', 'Overtime.', 'Pay it.',
                 $3, now())`,
        [org, id, articles],
      );
    }
    const keysBefore = await owner.query(
      "SELECT DISTINCT value FROM grievance_report_rollups WHERE dim = 'article' ORDER BY 1",
    );
    expect(keysBefore.rows.map((r) => r.value)).toEqual([
      "12.3",
      "12.3 overtime",
      "past practice",
      "sec. 12.3",
    ]);
    const { version } = (await owner.query("SELECT version FROM insight_radar")).rows[0];

    await migrateToLatest(url);

    const rows = await owner.query(
      "SELECT id, article_numbers, article_keys FROM grievances ORDER BY id",
    );
    expect(rows.rows.map((r) => [r.id, r.article_numbers, r.article_keys])).toEqual([
      ["G-2026-0001", ["12.3"], ["12.3"]],
      ["G-2026-0002", ["12.3", ""], ["12.3", "past practice"]],
      ["G-2026-0003", ["12.3"], ["12.3"]],
      ["G-2026-0004", [], []],
    ]);
    const filed = await owner.query(
      `SELECT value, sum(n)::int AS n FROM grievance_report_rollups
       WHERE dim = 'article' AND measure = 'f' AND grain = 'm' AND n > 0 GROUP BY 1 ORDER BY 1`,
    );
    expect(filed.rows).toEqual([
      { value: "12.3", n: 3 },
      { value: "past practice", n: 1 },
    ]);
    const after = (await owner.query("SELECT version FROM insight_radar")).rows[0].version;
    expect(BigInt(after)).toBeGreaterThan(BigInt(version));
  });
});
