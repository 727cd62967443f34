import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createKysely } from "../../src/server/db/connection.ts";
import { DEMO_USERS } from "../../src/server/db/seed/demo.ts";
import { runningCluster } from "../../src/server/lib/backup/backup.ts";
import { runDailyBackup } from "../../src/server/lib/backup/daily.ts";
import { backupsToDelete } from "../../src/server/lib/backup/retention.ts";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";

/**
 * Backup and restore of the embedded default (issue 32), as an operator runs them: the server
 * (built as it ships) fills its DATA_DIR with the demo data, `npm run backup` copies it while an
 * admin keeps writing, `npm run restore` unpacks it into a new DATA_DIR, and a server started
 * on that one has every write acknowledged before the backup began, every stored file byte for
 * byte, and answers every read the same as the first did.
 */
const root = mkdtempSync(path.join(tmpdir(), "unionhall-backup-"));
chmodSync(root, 0o755);
const dataA = path.join(root, "a");
const dataB = path.join(root, "b");
const backupFile = path.join(root, "backup.zip");
const servers: ChildProcess[] = [];
const admin = DEMO_USERS.find((u) => u.role === "admin");
if (!admin) throw new Error("no demo admin");

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

async function startServer(dataDir: string) {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", inject("serverBundle")], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: "test", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const origin = `http://localhost:${port}`;
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: admin?.email, password: admin?.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}\n${output}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie, origin } });
  const send = (url: string, body: string | FormData, type?: string) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { cookie, origin, ...(type ? { "content-type": type } : {}) },
      body,
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { get, send, stop };
}

/** Runs `npm run backup` / `npm run restore` as the operator would (same scripts, via tsx). */
function run(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Every stored file under DATA_DIR/files with its SHA-256. */
function storedFiles(dataDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dataDir, "files", rel))) {
      const child = path.join(rel, name);
      const full = path.join(dataDir, "files", child);
      if (statSync(full).isDirectory()) walk(child);
      else if (!name.endsWith(".tmp"))
        found.set(child, createHash("sha256").update(readFileSync(full)).digest("hex"));
    }
  };
  walk("");
  return found;
}

/** Reads that depend on the data, not on who signed in when. */
const READS = [
  "/api/grievances?limit=100",
  "/api/members?limit=100",
  "/api/employer-contacts",
  "/api/organization/procedure",
  "/api/organization/config",
  "/api/reports/summary",
  "/api/deadlines",
];

afterAll(async () => {
  for (const child of servers) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

async function allIds(get: (url: string) => Promise<Response>, list: string) {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const page = (await (
      await get(`${list}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)
    ).json()) as { items: { id: string }[]; nextCursor: string | null };
    for (const item of page.items) ids.add(item.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

let a: Awaited<ReturnType<typeof startServer>>;

describe("backup and restore", () => {
  it("backs up daily from the start, once across instances, keeping 7 daily and 4 weekly", async () => {
    a = await startServer(dataA);
    // The server's own daily backup, made as it started.
    const today = new Date().toISOString().slice(0, 10);
    const daily = path.join(dataA, "backups", `unionhall-${today}.zip`);
    const deadline = Date.now() + 20_000;
    while (!existsSync(daily) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(daily)).toBe(true);

    // Two more instances' jobs on the same database, for a later day: one makes it.
    const cluster = runningCluster(dataA);
    if (!cluster) throw new Error("the server's cluster is not running");
    const ownerUrl = new URL(cluster.url);
    ownerUrl.pathname = "/unionhall";
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: ownerUrl.toString(), max: 2 }));
    const dbs = pools.map((pool) => createKysely(pool));
    try {
      // Backups of the 40 days before, as if the server had run all along (tiny files).
      const days = Array.from({ length: 40 }, (_, i) =>
        new Date(Date.parse(`${today}T12:00:00Z`) - (i + 1) * 86_400_000)
          .toISOString()
          .slice(0, 10),
      );
      const client = await pools[0]?.connect();
      for (const day of days) {
        const file = path.join(dataA, "backups", `unionhall-${day}.zip`);
        writeFileSync(file, "old");
        await client?.query(
          "INSERT INTO backup_runs (day, state, location, size, finished_at) VALUES ($1, 'done', $2, 3, now())",
          [day, path.basename(file)],
        );
      }
      client?.release();
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000);
      const log = pino({ level: "silent" });
      const made = await Promise.all(
        dbs.map((db) =>
          runDailyBackup(
            { db, ownerUrl: ownerUrl.toString(), dataDir: dataA, bucket: null, log },
            tomorrow,
          ),
        ),
      );
      expect(made.sort()).toEqual([0, 1]);
      const kept = readdirSync(path.join(dataA, "backups")).sort();
      const expected = [...days, today, tomorrow.toISOString().slice(0, 10)]
        .filter(
          (d) =>
            !backupsToDelete([...days, today, tomorrow.toISOString().slice(0, 10)]).includes(d),
        )
        .map((d) => `unionhall-${d}.zip`)
        .sort();
      expect(kept).toEqual(expected);
      // 7 daily (tomorrow, today and the 5 days before) and the newest of 4 weeks: 7 to 9 files.
      expect(kept.length).toBeGreaterThanOrEqual(7);
      expect(kept.length).toBeLessThanOrEqual(9);
    } finally {
      for (const db of dbs) await db.destroy();
    }
  }, 60_000);

  it("restores every write acknowledged before the backup began, every file and every answer", async () => {
    const answers = new Map<string, string>();
    for (const url of READS) {
      const res = await a.get(url);
      expect(res.status, url).toBe(200);
      answers.set(url, await res.text());
    }
    const grievances = (
      JSON.parse(answers.get(READS[0] ?? "") ?? "{}") as { items: { id: string }[] }
    ).items;
    expect(grievances.length).toBeGreaterThan(0);
    for (const g of grievances) {
      const url = `/api/grievances/${g.id}`;
      answers.set(url, await (await a.get(url)).text());
    }

    // An admin writing all along: announcements, and now and then a document (a stored file).
    const acknowledged: { kind: "announcement" | "document"; id: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        if (i % 4 === 0 && i < 40) {
          const pdf = makePdf(`Minutes ${i}`, [`Meeting minutes number ${i}`]);
          const form = new FormData();
          form.set("name", `Minutes ${i}`);
          form.set("category", "Policies");
          form.set(
            "file",
            new Blob([new Uint8Array(pdf)], { type: "application/pdf" }),
            `m${i}.pdf`,
          );
          const res = await a.send("/api/documents", form);
          if (res.status === 201)
            acknowledged.push({
              kind: "document",
              id: ((await res.json()) as { id: string }).id,
              at: Date.now(),
            });
        } else {
          const res = await a.send(
            "/api/announcements",
            JSON.stringify({
              title: `Notice ${i}`,
              content: `Written while backing up (${i}).`,
              category: "General",
            }),
            "application/json",
          );
          if (res.status === 201)
            acknowledged.push({
              kind: "announcement",
              id: ((await res.json()) as { id: string }).id,
              at: Date.now(),
            });
        }
      }
    })();
    // Until a document is stored (a busy machine can take longer than any fixed pause).
    for (let waited = 0; !acknowledged.some((w) => w.kind === "document"); waited += 100) {
      if (waited > 60_000) throw new Error("no document was stored in a minute");
      await new Promise((r) => setTimeout(r, 100));
    }
    const began = Date.now();
    const before = acknowledged.filter((w) => w.at < began);
    const filesBefore = storedFiles(dataA);
    const backup = await run("scripts/backup.ts", ["--out", backupFile], dataA);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("online: the server is running");
    writing = false;
    await writer;
    // Writes went on during the backup.
    expect(acknowledged.filter((w) => w.at > began).length).toBeGreaterThan(0);
    expect(before.filter((w) => w.kind === "document").length).toBeGreaterThan(0);
    await a.stop();

    // A data folder in use is never overwritten.
    const refused = await run("scripts/restore.ts", [backupFile], dataA);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("is not empty");

    const restored = await run("scripts/restore.ts", [backupFile], dataB);
    expect(restored.code, restored.output).toBe(0);
    const b = await startServer(dataB);

    const announcements = await allIds(b.get, "/api/announcements");
    const documents = await allIds(b.get, "/api/documents");
    for (const w of before) {
      expect((w.kind === "document" ? documents : announcements).has(w.id), w.id).toBe(true);
    }
    for (const [file, hash] of filesBefore) expect(storedFiles(dataB).get(file), file).toBe(hash);
    for (const w of before.filter((x) => x.kind === "document")) {
      const res = await b.get(`/api/documents/${w.id}/file`);
      expect(res.status).toBe(200);
    }
    for (const [url, answer] of answers) expect(await (await b.get(url)).text(), url).toBe(answer);
    await b.stop();
  }, 120_000);
});
