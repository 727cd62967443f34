import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MailCatcher } from "../support/mail-catcher.ts";

/**
 * Starts what the browser tests talk to: a real SMTP server (with an HTTP view for the test
 * workers) and the real server process on a fresh DATA_DIR with embedded PostgreSQL.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT);
  const mail = await new MailCatcher().start({
    http: true,
    httpPort: Number(process.env.E2E_MAIL_HTTP_PORT),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "unionhall-e2e-"));
  chmodSync(dataDir, 0o755);

  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      LOG_LEVEL: "warn",
      // Every browser in these tests signs in from 127.0.0.1; the limit itself is tested in
      // tests/api/accounts.test.ts.
      AUTH_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
    });
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
