/**
 * `npm run bench`: how the grievance list, search and dashboard numbers hold up on a large
 * organization, measured next to a bare Fastify endpoint on the same server in the same run
 * (ratios, not absolute figures, are what to compare across machines).
 *
 * Seeds one organization with BENCH_ROWS grievances (default 100,000) in a throwaway embedded
 * PostgreSQL (or TEST_DATABASE_URL's server), then runs autocannon against each endpoint.
 */
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/server/app.ts";
import { createAppPool, createKysely, ensureDatabase } from "../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { withTenant } from "../src/server/db/tenant.ts";
import { createAuth } from "../src/server/lib/auth/auth.ts";
import { createUserWithPassword } from "../src/server/lib/auth/users.ts";
import { startEventHub } from "../src/server/lib/events/hub.ts";
import { diskStorage } from "../src/server/lib/storage/storage.ts";
import { addMember } from "../src/server/modules/organizations/repo.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const log = pino({ level: "warn" });

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "unionhall-bench-"));
  chmodSync(dir, 0o755);
  let stopDb = async () => {};
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), log);
    serverUrl = embedded.url;
    stopDb = embedded.stop;
  }
  const url = await ensureDatabase(serverUrl, `bench_${Date.now()}`);
  await migrateToLatest(url);
  const pool = createAppPool(url, 20);
  // The cluster stops at the end while idle clients are still open: not worth a crash.
  pool.on("error", () => undefined);
  const db = createKysely(pool);
  const appUrl = "http://localhost:3000";
  const auth = createAuth({
    appUrl,
    secret: randomUUID() + randomUUID(),
    pool,
    db,
    log,
    isProduction: false,
    rateLimitPerMinute: 1_000_000,
  });
  const events = await startEventHub(url, log);
  const app = await buildApp({
    env: { APP_URL: appUrl, isProduction: false },
    db,
    auth,
    log,
    storage: diskStorage(path.join(dir, "files")),
    events,
  });
  app.get("/api/bench/bare", { config: { access: "public" } }, async () => ({ ok: true }));

  console.log(`Seeding ${ROWS.toLocaleString("en-US")} grievances...`);
  const started = Date.now();
  const organizationId = randomUUID();
  await withTenant(db, organizationId, (trx) =>
    trx
      .insertInto("organizations")
      .values({
        id: organizationId,
        name: "Bench Local",
        inviteCode: "BENCH23456",
        plan: "pro",
        billingCycle: "monthly",
        status: "active",
        trialEndsAt: null,
        setupCompleted: true,
      })
      .execute(),
  );
  const admin = await createUserWithPassword(auth, {
    email: "bench@example.org",
    password: "Bench-Pass-2026",
    name: "Bench Admin",
    accountType: "admin",
  });
  await addMember(db, { organizationId, userId: admin.id, role: "admin" });
  await withTenant(db, organizationId, async (trx) => {
    await sql`
      INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title, department, location,
                              description, remedy, status, filed_at, updated_at)
      SELECT ${organizationId}::uuid, 'G-2026-' || lpad(n::text, 6, '0'), ${admin.id},
             (ARRAY['Maria','James','Aisha','Wei','Carlos','Olga','Kwame','Priya'])[1 + n % 8] || ' ' ||
             (ARRAY['Lopez','Smith','Khan','Chen','Silva','Ivanova','Mensah','Rao','Okafor'])[1 + n % 9] || ' ' || n,
             'B-' || (10000 + n % 90000),
             (ARRAY['Machine Operator','HR Specialist','IT Specialist','Manager'])[1 + n % 4],
             (ARRAY['Manufacturing','Production','Quality Control','Sales','IT'])[1 + n % 5],
             (ARRAY['Main Office','South Plant','North Plant'])[1 + n % 3],
             'Overtime was assigned out of seniority order on shift ' || n,
             'Pay the missed overtime and follow the list.',
             (ARRAY['new','pending','escalated','resolved'])[1 + n % 4],
             now() - (n || ' minutes')::interval, now()
      FROM generate_series(1, ${ROWS}) AS n`.execute(trx);
  });
  // What autovacuum does on a live database: statistics and the visibility map (index-only counts).
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await owner.query("VACUUM (ANALYZE) grievances, grievance_events");
  await owner.end();
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({ email: "bench@example.org", password: "Bench-Pass-2026" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const cursor = (
    await (await fetch(`${base}/api/grievances?limit=25`, { headers: { cookie } })).json()
  ).nextCursor as string;

  const scenarios: [string, string][] = [
    ["bare Fastify endpoint", "/api/bench/bare"],
    ["signed-in check only (organization config)", "/api/organization/config"],
    ["list, first page", "/api/grievances?limit=25"],
    ["list, next page (cursor)", `/api/grievances?limit=25&cursor=${cursor}`],
    ["list, status filter", "/api/grievances?status=escalated&limit=25"],
    ["search q=khan", "/api/grievances?q=khan&limit=25"],
    ["search q=b-1234", "/api/grievances?q=b-1234&limit=25"],
    ["dashboard stats", "/api/dashboard-stats"],
  ];
  const results: { name: string; rps: number; p99: number; p50: number }[] = [];
  for (const [name, path_] of scenarios) {
    const r = await autocannon({
      url: `${base}${path_}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    results.push({ name, rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50 });
  }
  const bare = results[0]?.rps ?? 1;
  console.log(
    `\n${ROWS.toLocaleString("en-US")} grievances, ${CONNECTIONS} connections, ${SECONDS} s each\n`,
  );
  console.log("| endpoint | requests/s | p50 ms | p99 ms | share of bare rps |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / bare) * 100).toFixed(1)}% |`,
    );
  }
  await new Promise((r) => setTimeout(r, 500)); // let the last in-flight requests finish
  await app.close();
  await events.close();
  await db.destroy();
  await stopDb();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
