import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { startEmbeddedPostgres } from "./embedded.ts";
import type { Database } from "./schema.ts";

export const APP_ROLE = "unionhall_app";
const EMBEDDED_DATABASE = "unionhall";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  /** Connection string of the schema owner: migrations and seed only. */
  ownerUrl: string;
  /** Pool whose connections run as the application role (row-level security applies). */
  pool: pg.Pool;
  db: DB;
  close(): Promise<void>;
}

/** Uses DATABASE_URL when given, otherwise the embedded cluster under `dataDir/postgres`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  log: Logger;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  let ownerUrl = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!ownerUrl) {
    const embedded = await startEmbeddedPostgres(`${options.dataDir}/postgres`, options.log);
    stopEmbedded = embedded.stop;
    ownerUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
  }
  const pool = createAppPool(ownerUrl, options.poolSize);
  pool.on("error", (err) => options.log.error({ err }, "idle database connection failed"));
  const db = createKysely(pool);
  return {
    ownerUrl,
    pool,
    db,
    async close() {
      await db.destroy(); // ends the pool
      await stopEmbedded?.();
    },
  };
}

/** Every connection switches to the application role at start-up (`-c role=...`). */
export function createAppPool(ownerUrl: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: ownerUrl, max, options: `-c role=${APP_ROLE}` });
}

export function createKysely(pool: pg.Pool): DB {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
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
