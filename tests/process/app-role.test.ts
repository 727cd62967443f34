import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import {
  createManagedOwner,
  hasDebianPostgres,
  startDebianPostgres,
} from "../support/debian-postgres.ts";

/**
 * An owner with CREATEROLE and CREATEDB, not superuser (a managed PostgreSQL's usual grant),
 * starts the server on PostgreSQL 15 (Debian's) and on the embedded one (18). PostgreSQL 15
 * refused the old `ALTER ROLE ... NOSUPERUSER NOBYPASSRLS` from such an owner, and PostgreSQL
 * 16 changed what CREATEROLE allows (the creator of a role gets ADMIN OPTION on it). Then the
 * server refuses to start when its role could step around row-level security (issue 28).
 */
const log = pino({ level: "silent" });
const authSecret = "app-role-test-secret-0123456789abcdef";
const root = mkdtempSync(path.join(tmpdir(), "unionhall-app-role-"));
chmodSync(root, 0o755);

type Cluster = { superUrl: string; stop(): Promise<void> };
const clusters: Cluster[] = [];

beforeAll(async () => {
  if (!hasDebianPostgres("15")) throw new Error("Debian's PostgreSQL 15 is not installed");
  const [debian, embedded] = await Promise.all([
    startDebianPostgres("15"),
    startEmbeddedPostgres(path.join(root, "embedded"), log),
  ]);
  clusters.push({ superUrl: debian.url, stop: debian.stop });
  const embeddedAdmin = new URL(embedded.url);
  embeddedAdmin.pathname = "/postgres";
  clusters.push({ superUrl: embeddedAdmin.toString(), stop: embedded.stop });
}, 120_000);

afterAll(async () => {
  await Promise.all(clusters.map((c) => c.stop()));
  rmSync(root, { recursive: true, force: true });
}, 60_000);

async function asSuperuser(superUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: superUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const open = (ownerUrl: string, n: number) =>
  openDatabase({ databaseUrl: ownerUrl, authSecret, dataDir: path.join(root, `d${n}`), log });

describe.each([
  [0, "PostgreSQL 15 (Debian)"],
  [1, "the embedded PostgreSQL"],
])("an owner with CREATEROLE, not superuser, on cluster %i: %s", (index) => {
  let cluster: Cluster;
  let ownerUrl = "";
  beforeAll(async () => {
    cluster = clusters[index] as Cluster;
    ownerUrl = await createManagedOwner(cluster.superUrl, "managed_owner");
  }, 60_000);

  it("migrates, gives the app role its login, and the app is bound by row-level security", async () => {
    const version = await (async () => {
      const c = new pg.Client({ connectionString: ownerUrl });
      await c.connect();
      const { rows } = await c.query("SHOW server_version_num");
      await c.end();
      return Number(rows[0].server_version_num);
    })();
    expect(version).toBeGreaterThanOrEqual(index === 0 ? 150000 : 160000);
    if (index === 0) expect(version).toBeLessThan(160000);

    // Twice: a restart provisions the login again.
    for (const n of [1, 2]) {
      const handle = await open(ownerUrl, n);
      try {
        const { rows } = await handle.pool.query(
          `SELECT current_user AS "user", r.rolsuper, r.rolbypassrls
           FROM pg_roles r WHERE r.rolname = current_user`,
        );
        expect(rows[0]).toEqual({ user: "unionhall_app", rolsuper: false, rolbypassrls: false });
        // Row-level security binds it: no organization set, no rows.
        const { rows: seen } = await handle.pool.query(
          "SELECT count(*)::int AS n FROM organizations",
        );
        expect(seen[0].n).toBe(0);
        await expect(handle.pool.query("SET ROLE managed_owner")).rejects.toThrow(
          /permission denied/,
        );
      } finally {
        await handle.close();
      }
    }
  });

  /** Opens as an operator would with APP_DATABASE_URL, the role's password set by them. */
  const openAsOperator = (n: number) => {
    const appDatabaseUrl = new URL(ownerUrl);
    appDatabaseUrl.username = "unionhall_app";
    appDatabaseUrl.password = "operator-made-it";
    return openDatabase({
      databaseUrl: ownerUrl,
      appDatabaseUrl: appDatabaseUrl.toString(),
      authSecret,
      dataDir: path.join(root, `op${n}`),
      log,
    });
  };

  it.each([
    ["ALTER ROLE unionhall_app BYPASSRLS", "ALTER ROLE unionhall_app NOBYPASSRLS", /BYPASSRLS/],
    // The owner may not alter a superuser role at all: only an operator could have made one.
    ["ALTER ROLE unionhall_app SUPERUSER", "ALTER ROLE unionhall_app NOSUPERUSER", /superuser/],
    [
      // The owner is a member of the app role (migration 0001); the reverse needs that gone.
      "REVOKE unionhall_app FROM managed_owner CASCADE; GRANT managed_owner TO unionhall_app",
      "REVOKE managed_owner FROM unionhall_app; GRANT unionhall_app TO managed_owner WITH ADMIN OPTION",
      /member of the owner managed_owner/,
    ],
    [
      "CREATE ROLE sneaky_bypass NOLOGIN BYPASSRLS; GRANT sneaky_bypass TO unionhall_app",
      "DROP ROLE sneaky_bypass",
      /member of sneaky_bypass/,
    ],
    ["ALTER ROLE unionhall_app CREATEROLE", "ALTER ROLE unionhall_app NOCREATEROLE", /CREATEROLE/],
  ])("refuses to start when %s", async (grant, undo, reason) => {
    await asSuperuser(
      cluster.superUrl,
      `${grant}; ALTER ROLE unionhall_app PASSWORD 'operator-made-it'`,
    );
    try {
      const attempt = openAsOperator(1);
      await expect(attempt).rejects.toThrow(/The server will not start/);
      await expect(attempt).rejects.toThrow(reason);
    } finally {
      await asSuperuser(cluster.superUrl, undo);
    }
    // Put right, it starts again (and gives the role its own password back).
    await (await open(ownerUrl, 4)).close();
  });

  it("checks the role it provisioned itself too", async () => {
    await asSuperuser(cluster.superUrl, "ALTER ROLE unionhall_app BYPASSRLS");
    try {
      await expect(open(ownerUrl, 5)).rejects.toThrow(/The server will not start.*BYPASSRLS/);
    } finally {
      await asSuperuser(cluster.superUrl, "ALTER ROLE unionhall_app NOBYPASSRLS");
    }
  });
});
