import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_USERS } from "../../src/server/db/seed/demo.ts";

/**
 * The real server process, built as it ships (tests/support/global-server.ts), on its own
 * DATA_DIR (embedded PostgreSQL): data survives a clean restart, a `kill -9` of the server, and
 * a crash that also killed PostgreSQL.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "unionhall-process-"));
chmodSync(dataDir, 0o755);
let port = 0;
let server: ChildProcess | undefined;
let output = "";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

async function start(): Promise<void> {
  port ||= await freePort();
  output = "";
  server = spawn(process.execPath, ["--enable-source-maps", inject("serverBundle")], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

function stop(signal: NodeJS.Signals): Promise<number | null> {
  const child = server;
  if (!child || child.exitCode !== null) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill(signal);
  });
}

const post = (url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify(body),
  });
const signInStatus = async (email: string, password: string) =>
  (await post("/api/auth/sign-in/email", { email, password })).status;
const signUp = (email: string) =>
  post("/api/auth/sign-up/email", { name: "Kept Person", email, password: "Kept-Pass-2026" });

const postmasterPid = () =>
  Number.parseInt(
    readFileSync(path.join(dataDir, "postgres", "pgdata", "postmaster.pid"), "utf8").split(
      "\n",
    )[0] ?? "",
    10,
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  await stop("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

// Each test starts the server (and its PostgreSQL, after a crash with recovery) at least once.
describe("the server process", () => {
  const admin = DEMO_USERS[0];
  if (!admin) throw new Error("no demo admin");

  it("starts on an empty DATA_DIR with the demo data, and stops cleanly on SIGTERM", async () => {
    await start();
    expect(output).toContain(admin.email);
    expect(await signInStatus(admin.email, admin.password)).toBe(200);
    expect((await signUp("first@example.org")).status).toBe(200);
    const pgPid = postmasterPid();
    expect(await stop("SIGTERM")).toBe(0);
    expect(alive(pgPid)).toBe(false);
  }, 120_000);

  it("keeps every row across a restart and does not seed twice", async () => {
    await start();
    expect(output).not.toContain("demo data created");
    expect(await signInStatus("first@example.org", "Kept-Pass-2026")).toBe(403); // exists, unverified
    expect(await signInStatus("nobody@example.org", "Kept-Pass-2026")).toBe(401);
  }, 120_000);

  it("comes back after kill -9 of the server (PostgreSQL orphaned) with committed rows intact", async () => {
    expect((await signUp("second@example.org")).status).toBe(200);
    const orphan = postmasterPid();
    await stop("SIGKILL");
    expect(alive(orphan)).toBe(true); // the cluster outlived its server
    await start();
    expect(await signInStatus("second@example.org", "Kept-Pass-2026")).toBe(403);
    expect(await signInStatus(admin.email, admin.password)).toBe(200);
  }, 120_000);

  it("comes back when PostgreSQL died too and left a stale postmaster.pid", async () => {
    expect((await signUp("third@example.org")).status).toBe(200);
    const pgPid = postmasterPid();
    await stop("SIGKILL");
    process.kill(pgPid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(path.join(dataDir, "postgres", "pgdata", "postmaster.pid"))).toBe(true);
    await start();
    expect(await signInStatus("third@example.org", "Kept-Pass-2026")).toBe(403);
    expect(await signInStatus("first@example.org", "Kept-Pass-2026")).toBe(403);
  }, 120_000);
});
