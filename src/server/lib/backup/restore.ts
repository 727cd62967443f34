import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
} from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { BACKUP_FORMAT, BACKUP_MANIFEST, type BackupManifest } from "./backup.ts";

export class RestoreError extends Error {}

/**
 * Unpacks a backup (backup.ts) into `dataDir`, which must be empty or absent: a restore never
 * mixes with, nor overwrites, a data folder in use. The server started on it afterwards
 * replays the WAL the backup carries (its first start takes a few seconds more).
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new RestoreError(`There is no backup at ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(
      `DATA_DIR (${dataDir}) is not empty. Restore into an empty or new folder: stop the server, move the old folder aside (or set DATA_DIR to a new path), then run the restore again.`,
    );
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, z) =>
      error || !z
        ? reject(new RestoreError(`${file} is not a UnionHall backup (${error?.message})`))
        : resolve(z),
    ),
  );
  mkdirSync(dataDir, { recursive: true });
  const root = path.resolve(dataDir);
  try {
    return await unpack(zip, file, root);
  } catch (error) {
    // The folder was empty: take back what was written, so the operator can try again.
    for (const name of readdirSync(root))
      rmSync(path.join(root, name), { recursive: true, force: true });
    throw error;
  }
}

async function unpack(zip: yauzl.ZipFile, file: string, root: string): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entry.fileName;
      const next = () => zip.readEntry();
      if (name === BACKUP_MANIFEST) {
        zip.openReadStream(entry, async (error, stream) => {
          if (error || !stream) return reject(error);
          try {
            manifest = JSON.parse((await readAll(stream)).toString("utf8"));
            next();
          } catch (e) {
            reject(e);
          }
        });
        return;
      }
      if (!name.startsWith("data/")) return next();
      const target = path.resolve(root, name.slice("data/".length));
      // A crafted archive cannot write outside DATA_DIR.
      if (target !== root && !target.startsWith(`${root}${path.sep}`))
        return reject(new RestoreError(`${file} holds a path outside the data folder: ${name}`));
      if (name.endsWith("/")) {
        mkdirSync(target, { recursive: true, mode: 0o700 });
        return next();
      }
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        pipeline(stream, createWriteStream(target, { mode: 0o600 }))
          .then(next)
          .catch(reject);
      });
    });
    zip.readEntry();
  });
  const found = manifest as BackupManifest | null;
  if (!found || found.format !== BACKUP_FORMAT)
    throw new RestoreError(`${file} is not a UnionHall backup this version can restore.`);
  const pgdata = path.join(root, "postgres", "pgdata");
  if (!existsSync(path.join(pgdata, "PG_VERSION")))
    throw new RestoreError(`${file} holds no database.`);
  // PostgreSQL wants its folder private; as root it runs as the `postgres` user, who must own it.
  chmodSync(pgdata, 0o700);
  if (userInfo().uid === 0) chownTree(pgdata, postgresUser());
  return found;
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new RestoreError(
      "Run as root, PostgreSQL runs as the 'postgres' system user, which does not exist here: start the server once (it creates the user) or run the restore as the user who runs the server.",
    );
  }
}

function chownTree(dir: string, owner: { uid: number; gid: number }) {
  chownSync(dir, owner.uid, owner.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, owner);
    else chownSync(full, owner.uid, owner.gid);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
