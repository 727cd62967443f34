/**
 * `tsx scripts/bench-export.ts --grievances N --files F --file-mb M`: how much memory the
 * organization export (issue 32) takes on a large organization. Seeds one organization with N
 * grievances (each with a filing, a comment and an internal note), F stored files of M MB each
 * spread over them (random bytes, so the ZIP cannot shrink them), runs the export job as the
 * server does, and samples the process's resident memory and heap every 100 ms. The figures
 * go in docs/decisions/028. Throwaway embedded PostgreSQL and files folder, removed at the end.
 *
 *   tsx scripts/bench-export.ts                         5,000 grievances, 200 files of 10 MB (2 GB)
 *   tsx scripts/bench-export.ts --files 20              the same records, 200 MB of files
 */
import { randomFillSync, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import pino from "pino";
import {
  createAppPool,
  createKysely,
  ensureDatabase,
  provisionAppLogin,
} from "../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { createAuth } from "../src/server/lib/auth/auth.ts";
import { createUserWithPassword } from "../src/server/lib/auth/users.ts";
import { diskStorage } from "../src/server/lib/storage/storage.ts";
import { addMember } from "../src/server/lib/tenancy/memberships.ts";
import { runWaitingExports } from "../src/server/modules/exports/index.ts";
import { createCaseFilePool } from "../src/server/modules/grievances/index.ts";

const { values: args } = parseArgs({
  options: {
    grievances: { type: "string", default: "5000" },
    files: { type: "string", default: "200" },
    "file-mb": { type: "string", default: "10" },
  },
});
const GRIEVANCES = Number(args.grievances);
const FILES = Number(args.files);
const FILE_MB = Number(args["file-mb"]);
const log = pino({ level: "warn" });
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "unionhall-bench-export-"));
  chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), log);
  try {
    const url = await ensureDatabase(embedded.url, "bench_export");
    await migrateToLatest(url);
    const pool = createAppPool(await provisionAppLogin(url, randomUUID()), 10);
    pool.on("error", () => undefined);
    const db = createKysely(pool);
    const storage = diskStorage(path.join(dir, "files"));
    const auth = createAuth({
      appUrl: "http://localhost:3000",
      secret: randomUUID() + randomUUID(),
      pool,
      db,
      log,
      isProduction: false,
      rateLimitPerMinute: 1_000_000,
    });
    const started = Date.now();
    const org = randomUUID();
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query("SELECT set_config('app.organization_id', $1, false)", [org]);
    await owner.query(
      `INSERT INTO organizations (id, name, invite_code, plan, billing_cycle, status, setup_completed)
       VALUES ($1, 'Bench Local', 'BENCH23456', 'pro', 'monthly', 'active', true)`,
      [org],
    );
    const admin = await createUserWithPassword(auth, {
      email: "bench@example.org",
      password: "Bench-Pass-2026",
      name: "Bench Admin",
      accountType: "admin",
    });
    await addMember(db, { organizationId: org, userId: admin.id, role: "admin" });
    await owner.query(
      `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
                               department, location, description, remedy, status, filed_at)
       SELECT $1, 'G-2026-' || lpad(n::text, 4, '0'), $2, 'Member ' || n, 'B-' || n, 'Machine Operator',
              'Manufacturing', 'Main Office', 'Overtime was assigned out of seniority order on shift ' || n,
              'Pay the missed overtime.', 'pending', timestamptz '2026-11-01' - n * interval '1 hour'
         FROM generate_series(1, $3::int) AS n`,
      [org, admin.id, GRIEVANCES],
    );
    await owner.query(
      `INSERT INTO grievance_events (organization_id, grievance_id, kind, actor_id, actor_name, actor_role, text, line)
       SELECT $1, g.id, k.kind, $2, 'Bench Admin', 'admin', k.text,
              jsonb_build_object('kind', k.kind, 'params', jsonb_build_object('text', k.text))
         FROM grievances g,
              (VALUES ('comment', 'The supervisor agreed to look at the list.'),
                      ('note', 'Internal: the steward thinks this goes to step 2.')) AS k(kind, text)
        WHERE g.organization_id = $1`,
      [org, admin.id],
    );
    // The files: random bytes (incompressible), each attached to a grievance.
    const block = Buffer.alloc(FILE_MB * 1048576);
    for (let i = 0; i < FILES; i++) {
      randomFillSync(block);
      const key = `attachments/${org}/bench-${i}.bin`;
      mkdirSync(path.join(dir, "files", "attachments", org), { recursive: true });
      writeFileSync(path.join(dir, "files", key), block);
      await owner.query(
        `INSERT INTO grievance_attachments (organization_id, grievance_id, name, content_type, size, storage_key, uploaded_by)
         VALUES ($1, 'G-2026-' || lpad($2::text, 4, '0'), $3, 'application/octet-stream', $4, $5, $6)`,
        [org, 1 + ((i * 7919) % GRIEVANCES), `readings-${i}.bin`, block.length, key, admin.id],
      );
    }
    await owner.query(
      "INSERT INTO organization_exports (organization_id, requested_by) VALUES ($1, $2)",
      [org, admin.id],
    );
    console.log(
      `Seeded ${GRIEVANCES} grievances and ${FILES} files of ${FILE_MB} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 100);
    const t0 = Date.now();
    const caseFiles = createCaseFilePool({ log });
    const ran = await runWaitingExports({
      db,
      storage,
      caseFiles,
      appUrl: "http://localhost:3000",
      log,
    });
    await caseFiles.close();
    clearInterval(sampler);
    const seconds = (Date.now() - t0) / 1000;
    const { rows } = await owner.query(
      "SELECT state, size, error FROM organization_exports WHERE organization_id = $1",
      [org],
    );
    const row = rows[0];
    console.log(
      JSON.stringify(
        {
          grievances: GRIEVANCES,
          files: FILES,
          fileMb: FILE_MB,
          exports: ran,
          state: row?.state,
          error: row?.error,
          zipMb: mb(Number(row?.size ?? 0)),
          seconds: Math.round(seconds),
          rssBeforeMb: mb(base.rss),
          peakRssMb: mb(peakRss),
          heapBeforeMb: mb(base.heapUsed),
          peakHeapMb: mb(peakHeap),
        },
        null,
        2,
      ),
    );
    await owner.end();
    await db.destroy();
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
