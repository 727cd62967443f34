import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Kysely } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { CachedCamelCasePlugin } from "./camel-case-rows.ts";
import { startEmbeddedPostgres } from "./embedded.ts";
import { migrateToLatest } from "./migrate.ts";
import type { Database } from "./schema.ts";
import { TenantBindingDialect } from "./tenant-binding.ts";

export const APP_ROLE = "unionhall_app";
const EMBEDDED_DATABASE = "unionhall";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  /** Connection string of the schema owner: migrations and seed only. */
  ownerUrl: string;
  /** Connection string of the application's own LOGIN role (row-level security applies). */
  appUrl: string;
  /** Pool whose connections log in as the application role. */
  pool: pg.Pool;
  db: DB;
  close(): Promise<void>;
}

/**
 * Uses DATABASE_URL when given, otherwise the embedded cluster under `dataDir/postgres`;
 * migrates it, then opens the pool as the application role. That role logs in itself
 * (`session_user` is `unionhall_app`) and is no member of the owner, so no `SET ROLE` or
 * `RESET ROLE` on an app connection can reach the owner's rights (decision 013).
 *   APP_DATABASE_URL given      the operator made the role: used as is
 *   embedded                    password generated into DATA_DIR/postgres/app-password
 *   DATABASE_URL only           the owner gives the role LOGIN and a password derived from
 *                               AUTH_SECRET (every instance of one deployment derives the same)
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  appDatabaseUrl?: string;
  authSecret: string;
  dataDir: string;
  log: Logger;
  poolSize?: number;
  /** The ports this process listens on, which an embedded cluster must leave free. */
  serverPorts?: number[];
}): Promise<DatabaseHandle> {
  let ownerUrl = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let appPassword = createHmac("sha256", options.authSecret)
    .update("unionhall_app database password")
    .digest("base64url");
  if (!ownerUrl) {
    const dir = `${options.dataDir}/postgres`;
    const embedded = await startEmbeddedPostgres(dir, options.log, {
      avoidPorts: options.serverPorts,
    });
    stopEmbedded = embedded.stop;
    appPassword = loadOrCreateSecretFile(path.join(dir, "app-password"));
    ownerUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
  }
  let appUrl = options.appDatabaseUrl;
  try {
    await migrateToLatest(ownerUrl, options.log);
    appUrl ??= await provisionAppLogin(ownerUrl, appPassword);
    await assertAppRoleConfined(ownerUrl, appUrl);
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  const pool = createAppPool(appUrl, options.poolSize);
  pool.on("error", (err) => {
    if (isAdminShutdown(err)) options.log.debug("database connection closed by the server");
    else options.log.error({ err }, "idle database connection failed");
  });
  const db = createKysely(pool);
  return {
    ownerUrl,
    appUrl,
    pool,
    db,
    async close() {
      await db.destroy(); // ends the pool
      await stopEmbedded?.();
    },
  };
}

/**
 * A `date` column is a day in an organization's time zone (product-decisions.md 26), read as
 * its "YYYY-MM-DD" text: pg's default would turn it into a Date at the server's midnight.
 */
const DATE_OID = 1082;
const appTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === DATE_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Gives `unionhall_app` (made by migration 0001, NOLOGIN NOSUPERUSER NOBYPASSRLS) LOGIN with
 * `password`, as the owner of `ownerUrl`, and answers the app's connection string to the same
 * database. Only LOGIN and the password: PostgreSQL 15 refuses a CREATEROLE owner who names
 * SUPERUSER or BYPASSRLS at all, even to take them away ('must be superuser to alter superuser
 * roles or change superuser attribute'). What the role may do is checked afterwards, whoever
 * set it up (`assertAppRoleConfined`). The owner needs the right to alter the role: superuser,
 * or CREATEROLE (on PostgreSQL 16 and later with ADMIN OPTION on it, which the role's creator
 * has); where it has not, the operator sets APP_DATABASE_URL instead.
 */
export async function provisionAppLogin(ownerUrl: string, password: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const literal = client.escapeLiteral(password);
    // Instances starting together would alter the role at once, and PostgreSQL refuses the
    // second ('tuple concurrently updated'): one at a time, under a lock held to commit.
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('unionhall: provision app login'))");
    await client.query(`ALTER ROLE ${APP_ROLE} WITH LOGIN PASSWORD ${literal}`);
    await client.query("COMMIT");
  } catch (error) {
    throw new Error(
      `Could not give the role ${APP_ROLE} a login as the DATABASE_URL user (${error instanceof Error ? error.message : error}). Create it with LOGIN and a password, and set APP_DATABASE_URL.`,
    );
  } finally {
    await client.end();
  }
  return appLoginUrl(ownerUrl, password);
}

/**
 * Refuses to go on when the role the app logs in as could step around row-level security
 * (decision 013): a superuser, a role with BYPASSRLS, a member of the schema owner (SET ROLE
 * gives the owner's rights back), a member of any superuser or BYPASSRLS role, or a role with
 * CREATEROLE (on PostgreSQL 15 it may grant itself membership of the owner). Read from
 * pg_roles and the membership graph (pg_has_role follows it to any depth).
 */
export async function assertAppRoleConfined(ownerUrl: string, appUrl: string): Promise<void> {
  const app = new pg.Client({ connectionString: appUrl });
  await app.connect();
  let appRole: string;
  try {
    appRole =
      (await app.query<{ name: string }>("SELECT session_user AS name")).rows[0]?.name ?? "";
  } finally {
    await app.end();
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  let problems: string[];
  try {
    const { rows } = await owner.query<{
      owner: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcreaterole: boolean;
      memberOfOwner: boolean;
      memberOfPrivileged: string | null;
    }>(
      `SELECT current_user AS owner, r.rolsuper, r.rolbypassrls, r.rolcreaterole,
              r.rolname <> current_user AND pg_has_role(r.oid, current_user, 'MEMBER') AS "memberOfOwner",
              (SELECT string_agg(p.rolname, ', ' ORDER BY p.rolname) FROM pg_roles p
                WHERE p.oid <> r.oid AND (p.rolsuper OR p.rolbypassrls)
                  AND pg_has_role(r.oid, p.oid, 'MEMBER')) AS "memberOfPrivileged"
       FROM pg_roles r WHERE r.rolname = $1`,
      [appRole],
    );
    const role = rows[0];
    problems = !role
      ? ["it was not found"]
      : [
          role.rolsuper && "it is a superuser",
          role.rolbypassrls && "it has BYPASSRLS",
          role.rolcreaterole && "it has CREATEROLE",
          role.memberOfOwner && `it is a member of the owner ${role.owner}`,
          role.memberOfPrivileged &&
            `it is a member of ${role.memberOfPrivileged} (superuser or BYPASSRLS)`,
        ].filter((p): p is string => typeof p === "string");
    if (appRole === role?.owner) problems.push("it is the owner itself");
  } finally {
    await owner.end();
  }
  if (problems.length > 0) {
    throw new Error(
      `The server will not start: the database role it logs in as (${appRole}) must be bound by row-level security, but ${problems.join(", ")}. Give it only LOGIN and a password, for example: ALTER ROLE ${appRole} NOSUPERUSER NOBYPASSRLS NOCREATEROLE; and REVOKE any role granted to it (see docs/multi-server.md).`,
    );
  }
}

/** The owner's connection string with the application role's name and password. */
export function appLoginUrl(ownerUrl: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/** No request holds a connection longer (migration 0040 sets the same on the role). */
export const STATEMENT_TIMEOUT_MS = 3000;

/**
 * How long a request waits for a pooled connection before it is answered 503 (the error
 * handler's `isOverloaded`): without a limit, requests queued behind slow ones wait forever.
 */
export const POOL_WAIT_MS = 10_000;

/** Connections log in as the application role itself (see `openDatabase`). */
export function createAppPool(appUrl: string, max = 10, waitMs = POOL_WAIT_MS): pg.Pool {
  return new pg.Pool({
    connectionString: appUrl,
    max,
    connectionTimeoutMillis: waitMs,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    types: appTypes,
  });
}

export function createKysely(pool: pg.Pool): DB {
  return new Kysely<Database>({
    dialect: new TenantBindingDialect({ pool }),
    plugins: [new CachedCamelCasePlugin()],
  });
}

/** Creates `name` on the server of `url` when missing; answers the URL of that database. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

function loadOrCreateSecretFile(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(24).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * PostgreSQL closed the connection because it is shutting down (57P01): expected when the
 * server stops (Ctrl-C reaches the embedded cluster too), not an error worth a stack trace.
 */
export const isAdminShutdown = (error: unknown) =>
  (error as { code?: string } | null)?.code === "57P01";
