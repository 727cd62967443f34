import { DEMO_ORGANIZATION, DEMO_USERS } from "./db/seed/demo.ts";
import type { Env } from "./env.ts";
import { backupPlace } from "./lib/backup/daily.ts";

/**
 * What a person who just ran `npm start` in a terminal needs first: the address, and with the
 * demo data the sign-ins. (Logs sent to a file or a collector stay JSON lines.)
 */
export function startBanner(
  env: Pick<Env, "APP_URL" | "SEED_DEMO" | "SMTP_URL"> & Partial<BackupEnv>,
): string {
  const lines = [`UnionHall is running on ${env.APP_URL}`];
  if (env.SEED_DEMO) {
    const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
    lines.push(`Demo sign-ins (${DEMO_ORGANIZATION}):`);
    for (const u of DEMO_USERS) {
      lines.push(`  ${u.role.padEnd(8)} ${u.email.padEnd(width)}  ${u.password}`);
    }
  }
  if (!env.SMTP_URL) lines.push(`Mail sent by the app: ${env.APP_URL}/dev/mailbox`);
  if (env.DATA_DIR) lines.push(backupLine({ DATA_DIR: env.DATA_DIR, ...env }));
  lines.push("Press Ctrl-C to stop.");
  return lines.join("\n");
}

type BackupEnv = Pick<Env, "DATA_DIR" | "DATABASE_URL" | "S3_BUCKET"> &
  Partial<Pick<Env, "STORAGE_DRIVER">>;

/** Where backups go (issue 32): the embedded database backs itself up daily; an external one does not. */
export function backupLine(env: BackupEnv): string {
  if (env.DATABASE_URL)
    return "Backups: the database is external (DATABASE_URL): back it up with your provider's tools (pg_dump, point-in-time recovery).";
  const bucket = env.STORAGE_DRIVER === "s3" ? (env.S3_BUCKET ?? null) : null;
  return `Backups: daily into ${backupPlace({ dataDir: env.DATA_DIR, bucketName: bucket })} (the last 7 days and 4 weeks kept); now: npm run backup -- --out PATH`;
}
