import { CamelCasePlugin, Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { migrations } from "./migrations/index.ts";

/** Runs pending migrations as the schema owner. Throws on the first failure. */
export async function migrateToLatest(ownerUrl: string, log?: Logger): Promise<void> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: "schema_migrations",
      migrationLockTableName: "schema_migrations_lock",
    });
    const { error, results } = await migrator.migrateToLatest();
    for (const r of results ?? []) {
      if (r.status === "Success") log?.info({ migration: r.migrationName }, "migration applied");
      if (r.status === "Error") log?.error({ migration: r.migrationName }, "migration failed");
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
  } finally {
    await db.destroy();
  }
}
