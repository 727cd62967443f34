/**
 * `npm run backup -- --out PATH`: a backup of DATA_DIR (the embedded database, stored files and
 * generated secrets) as one ZIP, taken while the server runs (or of a stopped one). PATH is a
 * file, or a folder to put `unionhall-<time>.zip` in. See docs/decisions/028 and the README.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { runningCluster, startBackup } from "../src/server/lib/backup/backup.ts";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const at = args.indexOf("--out");
const out = at >= 0 ? args[at + 1] : undefined;
if (!out) fail("Usage: npm run backup -- --out PATH   (a .zip file, or a folder to put one in)");
if (process.env.DATABASE_URL) {
  fail(
    "DATABASE_URL is set: this server's database is external. Back it up with your provider's tools (pg_dump, point-in-time recovery); the stored files are in DATA_DIR/files or your S3 bucket (see the README, Backups).",
  );
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
// A folder (existing, or named with a trailing slash) gets a dated file; anything else is the file.
const asFolder = (existsSync(out) && statSync(out).isDirectory()) || /[/\\]$/.test(out);
if (asFolder) mkdirSync(out, { recursive: true });
const target = asFolder ? path.resolve(out, `unionhall-${stamp}.zip`) : path.resolve(out);
if (target.startsWith(`${path.join(dataDir, "postgres")}${path.sep}`))
  fail("Write the backup outside DATA_DIR/postgres.");

const cluster = runningCluster(dataDir);
console.log(
  `Backing up ${dataDir} (${cluster ? "online: the server is running" : "offline: the server is stopped"})...`,
);
const started = Date.now();
const temp = `${target}.partial`;
try {
  const backup = await startBackup({ dataDir, cluster });
  const [, manifest] = await Promise.all([
    pipeline(backup.stream, createWriteStream(temp, { mode: 0o600 })),
    backup.done,
  ]);
  renameSync(temp, target);
  const size = statSync(target).size;
  console.log(
    `Backup written: ${target} (${(size / 1048576).toFixed(1)} MB, ${manifest.files} stored files, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`Restore it with: DATA_DIR=/new/empty/folder npm run restore -- ${target}`);
} catch (error) {
  rmSync(temp, { force: true });
  fail(`The backup failed: ${error instanceof Error ? error.message : error}`);
}
