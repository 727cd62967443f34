import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CamelCasePlugin, Kysely } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
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
}): Promise<DatabaseHandle> {
  let ownerUrl = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let appPassword = createHmac("sha256", options.authSecret)
    .update("unionhall_app database password")
    .digest("base64url");
  if (!ownerUrl) {
    const dir = `${options.dataDir}/postgres`;
    const embedded = await startEmbeddedPostgres(dir, options.log);
    stopEmbedded = embedded.stop;
    appPassword = loadOrCreateSecretFile(path.join(dir, "app-password"));
    ownerUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
  }
  let appUrl = options.appDatabaseUrl;
  try {
    await migrateToLatest(ownerUrl, options.log);
    appUrl ??= await provisionAppLogin(ownerUrl, appPassword);
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
 * Gives `unionhall_app` (made by migration 0001) LOGIN with `password`, as the owner of
 * `ownerUrl`, and answers the app's connection string to the same database. The owner needs
 * the right to alter that role (superuser, or CREATEROLE with admin option); where it has
 * not, the operator sets APP_DATABASE_URL instead.
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
    await client.query(
      `ALTER ROLE ${APP_ROLE} WITH LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${literal}`,
    );
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
    plugins: [new CamelCasePlugin()],
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
