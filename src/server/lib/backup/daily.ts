import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../db/connection.ts";
import type { Job } from "../jobs/scheduler.ts";
import type { Storage } from "../storage/storage.ts";
import { startBackup } from "./backup.ts";
import { backupsToDelete } from "./retention.ts";

export interface DailyBackupOptions {
  db: DB;
  /** The embedded cluster's superuser (pg_backup_start needs it). */
  ownerUrl: string;
  dataDir: string;
  /** Set when files are in a bucket: the backups go there too (under backups/). */
  bucket: Storage | null;
  log: Logger;
}

/** Where the daily backups go, as `npm start` prints it. */
export function backupPlace(options: { dataDir: string; bucketName?: string | null }): string {
  return options.bucketName
    ? `the S3 bucket ${options.bucketName}, under backups/`
    : path.join(options.dataDir, "backups");
}

const fileName = (day: string) => `unionhall-${day}.zip`;

/**
 * The embedded default backs itself up once a day (issue 32): the job looks every hour, and
 * the first instance to claim the day's row in `backup_runs` makes it (a failed or abandoned
 * run is taken up again an hour later). It keeps the last 7 daily and 4 weekly backups.
 */
export function dailyBackupJob(options: DailyBackupOptions): Job {
  return {
    name: "daily-backup",
    everyMs: 60 * 60 * 1000,
    run: (at) => runDailyBackup(options, at),
  };
}

export async function runDailyBackup(options: DailyBackupOptions, at: Date): Promise<number> {
  const { db, log } = options;
  const day = at.toISOString().slice(0, 10);
  const claimed = await sql<{ day: string }>`
    INSERT INTO backup_runs (day) VALUES (${day})
    ON CONFLICT (day) DO UPDATE SET state = 'running', started_at = now(), error = NULL
      WHERE backup_runs.state = 'failed'
         OR (backup_runs.state = 'running' AND backup_runs.started_at < now() - interval '1 hour')
    RETURNING day`.execute(db);
  if (claimed.rows.length === 0) return 0;
  try {
    const backup = await startBackup({
      dataDir: options.dataDir,
      cluster: { url: options.ownerUrl },
      at,
    });
    let location: string;
    let size: number;
    if (options.bucket) {
      location = `backups/${fileName(day)}`;
      [size] = await Promise.all([
        options.bucket.putStream(location, backup.stream, "application/zip"),
        backup.done,
      ]);
    } else {
      const dir = path.join(options.dataDir, "backups");
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Kept relative: a restored copy of the database in another DATA_DIR prunes its own.
      location = fileName(day);
      const file = path.join(dir, location);
      const temp = `${file}.partial`;
      try {
        await Promise.all([
          pipeline(backup.stream, createWriteStream(temp, { mode: 0o600 })),
          backup.done,
        ]);
        renameSync(temp, file);
      } catch (error) {
        rmSync(temp, { force: true });
        throw error;
      }
      size = statSync(file).size;
    }
    await sql`
      UPDATE backup_runs SET state = 'done', location = ${location}, size = ${size},
             finished_at = now() WHERE day = ${day}`.execute(db);
    log.info(
      {
        location: options.bucket ? location : path.join(options.dataDir, "backups", location),
        size,
      },
      "daily backup written",
    );
    await prune(options);
    return 1;
  } catch (error) {
    await sql`
      UPDATE backup_runs SET state = 'failed', error = ${String(error)}, finished_at = now()
       WHERE day = ${day}`.execute(db);
    throw error;
  }
}

/** Deletes the backups retention no longer keeps. */
async function prune(options: DailyBackupOptions): Promise<void> {
  // location: the object key in the bucket, or the file name in DATA_DIR/backups.
  const { rows } = await sql<{ day: string; location: string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, location FROM backup_runs
     WHERE state = 'done'`.execute(options.db);
  const drop = new Set(backupsToDelete(rows.map((r) => r.day)));
  for (const row of rows.filter((r) => drop.has(r.day))) {
    if (options.bucket) await options.bucket.delete(row.location);
    else
      rmSync(path.join(options.dataDir, "backups", path.basename(row.location)), { force: true });
    await sql`UPDATE backup_runs SET state = 'deleted' WHERE day = ${row.day}`.execute(options.db);
  }
}
