import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A throwaway cluster of Debian's PostgreSQL (`/usr/lib/postgresql/<version>/bin`) in a temp
 * directory, on a free 127.0.0.1 port, run as the `postgres` user when the tests run as root
 * (PostgreSQL refuses root). The managed PostgreSQL of docs/multi-server.md, in small.
 */
export interface DebianPostgres {
  /** The superuser's connection string to the `postgres` database. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const asRoot = userInfo().uid === 0;

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

export const debianPostgresBin = (version: string, name: string) =>
  `/usr/lib/postgresql/${version}/bin/${name}`;

export const hasDebianPostgres = (version: string) =>
  existsSync(debianPostgresBin(version, "postgres"));

/** Runs a PostgreSQL program; as root, as the `postgres` user. */
function asPostgres(file: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

export async function startDebianPostgres(version: string): Promise<DebianPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), `unionhall-pg${version}-`));
  chmodSync(root, 0o755);
  const data = path.join(root, "data");
  const password = randomBytes(12).toString("hex");
  const pwfile = path.join(root, "pw");
  writeFileSync(pwfile, password, { mode: 0o644 });
  if (asRoot) execFileSync("chown", ["postgres", root]);
  const [initdb, initArgs] = asPostgres(debianPostgresBin(version, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    `--pwfile=${pwfile}`,
    "--auth=scram-sha-256",
    "-E",
    "UTF8",
  ]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  const [bin, args] = asPostgres(debianPostgresBin(version, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
  ]);
  const child: ChildProcess = spawn(bin, args, { stdio: "ignore" });
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    const [pgCtl, ctlArgs] = asPostgres(debianPostgresBin(version, "pg_ctl"), [
      "stop",
      "-D",
      data,
      "-m",
      "fast",
    ]);
    try {
      execFileSync(pgCtl, ctlArgs, { stdio: "ignore", timeout: 30_000 });
    } catch {
      /* already stopped */
    }
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      });
    }
    rmSync(root, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { url, port, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`PostgreSQL ${version} did not start`);
}

/**
 * An owner as a managed PostgreSQL gives one: LOGIN, CREATEROLE and CREATEDB, not superuser,
 * no BYPASSRLS; and its own `unionhall` database, created by it. Answers the owner's
 * connection string to that database.
 */
export async function createManagedOwner(superUrl: string, name: string): Promise<string> {
  const password = randomBytes(12).toString("hex");
  const admin = new pg.Client({ connectionString: superUrl });
  await admin.connect();
  await admin.query(
    `CREATE ROLE ${name} LOGIN CREATEROLE CREATEDB NOSUPERUSER NOBYPASSRLS PASSWORD '${password}'`,
  );
  await admin.end();
  const url = new URL(superUrl);
  url.username = name;
  url.password = password;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  await owner.query("CREATE DATABASE unionhall");
  await owner.end();
  url.pathname = "/unionhall";
  return url.toString();
}
