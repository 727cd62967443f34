import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { ensureDatabase, provisionAppLogin } from "../../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";

export const TEMPLATE_DATABASE = "unionhall_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    /** The password of the application's LOGIN role (a cluster-wide role, one password). */
    appPassword: string;
  }
}

/**
 * Once per test run: one PostgreSQL server (embedded, or TEST_DATABASE_URL's server) and one
 * migrated template database; each test file clones it (tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: "warn" });
  let serverUrl = process.env.TEST_DATABASE_URL;
  let cleanup = async () => {};
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "unionhall-test-pg-"));
    chmodSync(dir, 0o755); // as root, the cluster runs as `postgres`
    // A throw-away cluster: no fsync (decision 023).
    const embedded = await startEmbeddedPostgres(dir, log, { throwAway: true });
    serverUrl = embedded.url;
    cleanup = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new URL(serverUrl);
  admin.pathname = "/postgres";
  const templateUrl = await recreateTemplate(admin.toString());
  await migrateToLatest(templateUrl);
  const appPassword = randomBytes(18).toString("base64url");
  await provisionAppLogin(templateUrl, appPassword);
  project.provide("pgServerUrl", admin.toString());
  project.provide("appPassword", appPassword);
  return cleanup;
}

async function recreateTemplate(adminUrl: string): Promise<string> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await client.end();
  return ensureDatabase(adminUrl, TEMPLATE_DATABASE);
}
