import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { ensureDatabase, provisionAppLogin } from "../../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { MailCatcher } from "../support/mail-catcher.ts";

/** The server as `npm run build` bundles it (test:e2e builds first, for the web app too). */
export const SERVER_BUNDLE = path.resolve("dist/server/main.js");

const GATE_DATABASE = "unionhall_gate";

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/** A copy of the migrated database (nothing may be connected to it while it is copied). */
async function copyDatabase(ownerUrl: string, name: string) {
  const client = new pg.Client({ connectionString: withDatabase(ownerUrl, "postgres") });
  await client.connect();
  try {
    const source = client.escapeIdentifier(new URL(ownerUrl).pathname.slice(1));
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${source}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts what the browser tests talk to: a real SMTP server (with an HTTP view for the test
 * workers), PostgreSQL, and the real server on it. The workers share the database and the auth
 * secret (fixtures.ts), so a test makes its own organization and signs its people in through
 * the server's own code instead of the sign-up and sign-in forms.
 */
export default async function globalSetup() {
  if (!existsSync(SERVER_BUNDLE)) throw new Error("Build first: npm run build");
  const port = Number(process.env.E2E_PORT);
  const log = pino({ level: "warn" });
  const mail = await new MailCatcher().start({
    http: true,
    httpPort: Number(process.env.E2E_MAIL_HTTP_PORT),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "unionhall-e2e-"));
  chmodSync(dataDir, 0o755); // as root, the cluster runs as `postgres`
  // A throw-away cluster: no fsync (decision 023).
  const postgres = await startEmbeddedPostgres(path.join(dataDir, "postgres"), log, {
    throwAway: true,
  });
  const ownerUrl = await ensureDatabase(postgres.url, "unionhall");
  await migrateToLatest(ownerUrl, log);
  const appUrl = await provisionAppLogin(ownerUrl, randomBytes(18).toString("base64url"));
  // The access gate's server (public.spec.ts) gets a database of its own, copied from this one
  // now that it is migrated: a copy takes a moment, where a second embedded cluster cost an
  // initdb, a start and 240 migrations in the middle of the suite.
  await copyDatabase(ownerUrl, GATE_DATABASE);
  process.env.E2E_GATE_DATABASE_URL = withDatabase(ownerUrl, GATE_DATABASE);
  process.env.E2E_GATE_APP_DATABASE_URL = withDatabase(appUrl, GATE_DATABASE);
  const authSecret = randomBytes(32).toString("base64url");
  // The workers inherit these (fixtures.ts).
  process.env.E2E_APP_DATABASE_URL = appUrl;
  process.env.E2E_AUTH_SECRET = authSecret;
  process.env.E2E_DATA_DIR = dataDir;

  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: ownerUrl,
      APP_DATABASE_URL: appUrl,
      AUTH_SECRET: authSecret,
      SMTP_URL: mail.smtpUrl,
      LOG_LEVEL: "warn",
      // Tests that sign in through the form do so from 127.0.0.1; the limit itself is tested
      // in tests/api/accounts.test.ts.
      AUTH_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));

  const stop = async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
    });
    await mail.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return stop;
}
