/**
 * `npm run bench -- --rows N [--seconds S] [--json FILE] [--only a,b] [--keep DIR] [--no-auth-cache]`: how the grievance list, search and
 * dashboard numbers hold up on a large organization, measured next to a bare Fastify endpoint
 * on the same server in the same run (ratios, not absolute figures, compare across machines).
 *
 * Seeds one organization with N grievances (default 100,000) in a throwaway embedded
 * PostgreSQL (or TEST_DATABASE_URL's server), then measures each scenario at 1 and at 10
 * connections. The load generator (scripts/bench-load.mjs) is a separate process; each
 * scenario starts once the database is idle; answers other than 2xx, timed-out and failed
 * requests are counted per scenario (the table's last column), not fatal. The temporary
 * cluster is removed however the run ends, unless `--keep DIR` keeps it in DIR: a later run
 * with the same DIR and `--rows` migrates and reuses the seeded database instead of seeding
 * again (what changed since is measured on the same rows).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/server/app.ts";
import {
  createAppPool,
  createKysely,
  ensureDatabase,
  provisionAppLogin,
} from "../src/server/db/connection.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { migrateToLatest } from "../src/server/db/migrate.ts";
import { createAuth } from "../src/server/lib/auth/auth.ts";
import { startAuthCache } from "../src/server/lib/auth/auth-cache.ts";
import { createUserWithPassword } from "../src/server/lib/auth/users.ts";
import { startEventHub } from "../src/server/lib/events/hub.ts";
import { encodeCursor, SORT_KEY_FORMAT } from "../src/server/lib/pagination.ts";
import { diskStorage } from "../src/server/lib/storage/storage.ts";
import { addMember } from "../src/server/lib/tenancy/memberships.ts";
import { postgresCpuReader } from "./bench-postgres-cpu.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: process.env.BENCH_ROWS ?? "100000" },
    seconds: { type: "string", default: process.env.BENCH_SECONDS ?? "5" },
    json: { type: "string" },
    /** Comma-separated scenario names (all when absent); `bare` is always measured. */
    only: { type: "string" },
    /** Keep the cluster in this folder and reuse its seeded database on the next run. */
    keep: { type: "string" },
    /** Measure without the session and membership cache (lib/auth/auth-cache.ts). */
    "no-auth-cache": { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const SECONDS = Number(args.seconds);
const CONNECTIONS = [1, 10];
/** The reports' year: the twelve months before the seeded grievances end (1 November 2026). */
const YEAR = "from=2025-11-01&to=2026-10-31";
const log = pino({ level: "warn" });

export interface BenchResult {
  name: string;
  connections: number;
  rps: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The server process's CPU time per request, in microseconds. */
  cpuUsPerRequest: number;
  /** The embedded PostgreSQL's CPU time per request (µs), when it can be read. */
  postgresUsPerRequest: number | null;
}

/** The running deadline's id, the same in the grievance's row and in the deadline's. */
const BENCH_DEADLINE_ID = (id: string) => `md5('bench-deadline:' || ${id})::uuid`;
/** Its due date: from 30 days ago to 60 days ahead, spread by the grievance's id. */
const BENCH_DUE_DATE = (id: string) => `current_date + (abs(hashtext(${id})) % 91 - 30)`;

/**
 * Seeds as the owner, 250,000 rows per statement on two connections at once (PostgreSQL runs
 * one statement on one core); the trigram index is built after. Each grievance not resolved
 * gets its running deadline with its own columns set as it is inserted: a second pass over the
 * grievances (an UPDATE) would write every row again and run the report and due-day triggers
 * over both versions of each.
 */
async function seed(ownerUrl: string, organizationId: string, adminId: string) {
  const connect = async () => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query("SELECT set_config('app.organization_id', $1, false)", [organizationId]);
    return client;
  };
  const owners = [await connect(), await connect()];
  const [owner] = owners as [pg.Client, pg.Client];
  let phaseStarted = Date.now();
  const phase = (name: string) => {
    console.log(`  ${name}: ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
    phaseStarted = Date.now();
  };
  /** Runs the statements two at a time, one per connection. */
  const inParallel = async (statements: ((client: pg.Client) => Promise<unknown>)[]) => {
    const queue = [...statements];
    await Promise.all(
      owners.map(async (client) => {
        for (let next = queue.shift(); next; next = queue.shift()) await next(client);
      }),
    );
  };
  try {
    await owner.query("DROP INDEX grievances_search_idx");
    const chunks: [number, number][] = [];
    for (let from = 1; from <= ROWS; from += 250_000)
      chunks.push([from, Math.min(ROWS, from + 249_999)]);
    await inParallel(
      chunks.map(
        ([from, to]) =>
          (client) =>
            // Ids G-2026-0001 ... G-2026-1000000: padded to four digits, never cut (lpad would).
            // The running deadline (below) is due from 30 days ago to 60 days ahead, from the id.
            client.query(
              `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
                                   department, location, description, remedy, status, filed_at, updated_at,
                                   articles, step_index, step_name, outcome, closed_on, remedy_amount_cents,
                                   remedy_received_at, next_deadline_id, next_due_date)
           SELECT $1::uuid, k.id, $2,
                  (ARRAY['Maria','James','Aisha','Wei','Carlos','Olga','Kwame','Priya'])[1 + n % 8] || ' ' ||
                  (ARRAY['Lopez','Smith','Khan','Chen','Silva','Ivanova','Mensah','Rao','Okafor'])[1 + n % 9] || ' ' || n,
                  'B-' || (10000 + n % 90000),
                  (ARRAY['Machine Operator','HR Specialist','IT Specialist','Manager'])[1 + n % 4],
                  (ARRAY['Manufacturing','Production','Quality Control','Sales','IT'])[1 + n % 5],
                  (ARRAY['Main Office','South Plant','North Plant'])[1 + n % 3],
                  'Overtime was assigned out of seniority order on shift ' || n,
                  'Pay the missed overtime and follow the list.',
                  (ARRAY['new','pending','escalated','resolved'])[1 + n % 4],
                  timestamptz '2026-11-01' - n * interval '1 minute', now(),
                  -- Reports and radar (issue 21): 40 articles in a few spellings, steps, outcomes.
                  ARRAY[(ARRAY['Art. ','Article ','ART '])[1 + n % 3] || (1 + n % 40) || '.' || (1 + n % 7) || ' Clause'],
                  n % 3, (ARRAY['Step 1','Step 2','Step 3'])[1 + n % 3],
                  CASE WHEN n % 4 = 3 THEN (ARRAY['granted','settled','withdrawn','denied','arbitration_won','arbitration_lost'])[1 + n % 6] END,
                  CASE WHEN n % 4 = 3 THEN least(date '2026-11-01', date '2026-11-01' - (n / 1440) + n % 60) END,
                  CASE WHEN n % 4 = 3 AND n % 6 < 2 THEN 10000 + n % 500000 END,
                  CASE WHEN n % 4 = 3 AND n % 6 < 2 AND n % 2 = 0 THEN now() END,
                  CASE WHEN n % 4 <> 3 THEN ${BENCH_DEADLINE_ID("k.id")} END,
                  CASE WHEN n % 4 <> 3 THEN ${BENCH_DUE_DATE("k.id")} END
           FROM generate_series($3::int, $4::int) AS n,
                LATERAL (SELECT 'G-2026-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END AS id) AS k`,
              [organizationId, adminId, from, to],
            ),
      ),
    );
    phase("grievances");
    // Each grievance not resolved waits for the employer's answer: one running deadline, so the
    // board and the deadline sort have real work.
    await inParallel(
      [0, 1].map(
        (half) => (client) =>
          client.query(
            `INSERT INTO grievance_deadlines (id, organization_id, grievance_id, step_index, step_name, kind,
                                            due_date, explanation, limit_days, day_type, time_zone)
           SELECT ${BENCH_DEADLINE_ID("id")}, organization_id, id, 0, 'Step 1', 'response',
                  ${BENCH_DUE_DATE("id")},
                  jsonb_build_array(jsonb_build_object('kind', 'line.due', 'params',
                    jsonb_build_object('day', (${BENCH_DUE_DATE("id")})::text))),
                  10, 'business', 'America/New_York'
           FROM grievances
           WHERE organization_id = $1 AND status <> 'resolved' AND abs(hashtext(id)) % 2 = $2`,
            [organizationId, half],
          ),
      ),
    );
    phase("deadlines");
    await owner.query(
      "CREATE INDEX grievances_search_idx ON grievances USING gin (organization_id, search_text gin_trgm_ops)",
    );
    phase("trigram index");
    // What autovacuum does on a live database: statistics and the visibility map.
    await inParallel([
      (client) => client.query("VACUUM (ANALYZE) grievances"),
      (client) => client.query("VACUUM (ANALYZE) grievance_events, grievance_deadlines"),
    ]);
    phase("vacuum and analyze");
  } finally {
    await Promise.all(owners.map((client) => client.end()));
  }
}

/** Gives the member every 25,000th grievance and makes them a grievant of ten more. */
async function ownGrievances(ownerUrl: string, organizationId: string, memberId: string) {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    // Row-level security is forced on the owner too.
    await owner.query("SELECT set_config('app.organization_id', $1, false)", [organizationId]);
    await owner.query(
      `UPDATE grievances SET submitted_by = $2
       WHERE organization_id = $1 AND id IN (
         SELECT 'G-2026-' || n FROM generate_series(25000, $3, 25000) AS n)`,
      [organizationId, memberId, ROWS],
    );
    await owner.query(
      `INSERT INTO grievance_grievants (organization_id, grievance_id, user_id)
       SELECT $1, 'G-2026-' || n, $2
       FROM generate_series(12345, $3, greatest(1, $3 / 10)) AS n LIMIT 10`,
      [organizationId, memberId, ROWS],
    );
  } finally {
    await owner.end();
  }
}

/** The cursor the list answers for the row at `offset` (the list's own encoding). */
async function cursorAt(ownerUrl: string, offset: number): Promise<string> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ key: string; id: string }>(
      `SELECT to_char(filed_at AT TIME ZONE 'UTC', '${SORT_KEY_FORMAT}') AS key, id
       FROM grievances ORDER BY filed_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [offset],
    );
    const row = rows[0];
    if (!row) throw new Error(`no row at offset ${offset}`);
    return encodeCursor(row);
  } finally {
    await owner.end();
  }
}

/** Waits until no other statement runs in the database (autovacuum, a straggler). */
async function untilIdle(ownerUrl: string) {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await owner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await owner.end();
  }
  await new Promise((r) => setTimeout(r, 300));
}

function load(
  url: string,
  connections: number,
  cookie: string,
): Promise<Omit<BenchResult, "name" | "connections">> {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, "bench-load.mjs"),
      JSON.stringify({ url, connections, seconds: SECONDS, headers: { cookie } }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}"));
    });
  });
}

async function main() {
  const dir = args.keep
    ? path.resolve(args.keep)
    : mkdtempSync(path.join(tmpdir(), "unionhall-bench-"));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
    cleanups.length = 0;
    if (!args.keep) rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    let serverUrl = process.env.TEST_DATABASE_URL;
    const postgresCpu = postgresCpuReader(serverUrl ? null : path.join(dir, "pg", "pgdata"));
    if (!serverUrl) {
      const embedded = await startEmbeddedPostgres(path.join(dir, "pg"), log);
      serverUrl = embedded.url;
      cleanups.push(embedded.stop);
    }
    const url = await ensureDatabase(
      serverUrl,
      args.keep ? `bench_${ROWS}` : `bench_${Date.now()}`,
    );
    const migrating = Date.now();
    await migrateToLatest(url);
    console.log(`Migrated in ${((Date.now() - migrating) / 1000).toFixed(1)} s`);
    // As the server does: the application's own login role, so RLS applies as in production.
    const pool = createAppPool(await provisionAppLogin(url, randomUUID()), 20);
    // The cluster stops at the end while idle clients are still open: not worth a crash.
    pool.on("error", () => undefined);
    const db = createKysely(pool);
    cleanups.push(() => db.destroy());
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
    cleanups.push(() => events.close());
    // As the server runs it; `--no-auth-cache` measures the round trips it saves.
    const authCache = args["no-auth-cache"] ? null : await startAuthCache(url, log);
    if (authCache) cleanups.push(() => authCache.close());
    const app = await buildApp({
      env: { APP_URL: appUrl, isProduction: false },
      db,
      auth,
      log,
      storage: diskStorage(path.join(dir, "files")),
      events,
      authCache: authCache?.cache,
    });
    app.get("/api/bench/bare", { config: { access: "public" } }, async () => ({ ok: true }));
    cleanups.push(() => app.close());

    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    // A kept database seeded by an earlier run (`--keep`): its organization, users and rows.
    const { rows: seeded } = await owner.query<{ id: string }>(
      "SELECT id FROM organizations WHERE invite_code = 'BENCH23456'",
    );
    if (seeded[0]) {
      // A run stopped while seeding leaves a part: measured as if whole, it would mislead.
      await owner.query("SELECT set_config('app.organization_id', $1, false)", [seeded[0].id]);
      const { rows: counted } = await owner.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM grievances",
      );
      await owner.end();
      if (counted[0]?.n !== ROWS)
        throw new Error(
          `${dir} holds ${counted[0]?.n} grievances, not ${ROWS}: remove it or keep another folder`,
        );
      console.log(`Reusing the ${ROWS.toLocaleString("en-US")} grievances seeded in ${dir}`);
    }
    const organizationId = seeded[0]?.id ?? randomUUID();
    if (!seeded[0]) {
      console.log(`Seeding ${ROWS.toLocaleString("en-US")} grievances...`);
      const started = Date.now();
      await owner.query("SELECT set_config('app.organization_id', $1, false)", [organizationId]);
      await owner.query(
        `INSERT INTO organizations (id, name, invite_code, plan, billing_cycle, status, trial_ends_at, setup_completed)
       VALUES ($1, 'Bench Local', 'BENCH23456', 'pro', 'monthly', 'active', NULL, true)`,
        [organizationId],
      );
      await owner.end();
      const admin = await createUserWithPassword(auth, {
        email: "bench@example.org",
        password: "Bench-Pass-2026",
        name: "Bench Admin",
        accountType: "admin",
      });
      await addMember(db, { organizationId, userId: admin.id, role: "admin" });
      // A member's own search (`search-member`): 40 grievances they filed, 10 they are a grievant
      // of, spread over the million.
      const member = await createUserWithPassword(auth, {
        email: "member@example.org",
        password: "Bench-Pass-2026",
        name: "Bench Member",
      });
      await addMember(db, { organizationId, userId: member.id, role: "member" });
      await seed(url, organizationId, admin.id);
      await ownGrievances(url, organizationId, member.id);
      console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const signInAs = async (email: string) => {
      const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: appUrl },
        body: JSON.stringify({ email, password: "Bench-Pass-2026" }),
      });
      return signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    const cookie = await signInAs("bench@example.org");
    const memberCookie = await signInAs("member@example.org");
    const deep = await cursorAt(url, Math.floor(ROWS / 2));

    const scenarios: [string, string][] = [
      ["bare", "/api/bench/bare"],
      ["session", "/api/organization/config"],
      ["list", "/api/grievances?limit=25"],
      ["list-deep", `/api/grievances?limit=25&cursor=${deep}`],
      ["status-filter", "/api/grievances?status=escalated&limit=25"],
      ["search-narrow", "/api/grievances?q=b-12345&limit=25"],
      ["search-broad", "/api/grievances?q=khan&limit=25"],
      ["stats", "/api/dashboard-stats"],
      ["search-member", "/api/grievances?q=khan&limit=25"],
      ["list-deadline", "/api/grievances?sort=deadline&limit=25"],
      ["list-overdue", "/api/grievances?due=overdue&limit=25"],
      ["board-week", "/api/deadlines?due=week"],
      ["board-all", "/api/deadlines?due=all"],
      ["board-overdue", "/api/deadlines?due=overdue"],
      ["board-today", "/api/deadlines?due=today"],
      ["board-mine", "/api/deadlines?due=all&assignee=me"],
      ["workload", "/api/workload"],
      // Issue 21: a year of the organization, and the radar.
      ["report-month", `/api/reports/grievances?groupBy=month&${YEAR}`],
      ["report-dept", `/api/reports/grievances?groupBy=department&${YEAR}`],
      ["report-article", `/api/reports/grievances?groupBy=article&${YEAR}`],
      ["report-outcome", `/api/reports/grievances?groupBy=outcome&${YEAR}`],
      ["report-summary", `/api/reports/summary?${YEAR}`],
      ["insights", "/api/insights"],
    ];
    const only = args.only?.split(",").map((n) => n.trim());
    const chosen = scenarios.filter(([name]) => !only || name === "bare" || only.includes(name));
    // One request each first (a cold cache is not what the scenario measures). A 503 says when
    // to come back (Retry-After): waited for, up to two minutes (the radar's first run at a
    // million takes seconds, and must not run on while other scenarios are measured). Any other answer is reported and the
    // scenario still runs: its non-2xx answers are counted in the table, not fatal.
    const cookieOf = (name: string) => (name === "search-member" ? memberCookie : cookie);
    for (const [name, route] of chosen) {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${base}${route}`, { headers: { cookie: cookieOf(name) } });
        if (res.ok) break;
        const retryAfter = Number(res.headers.get("retry-after"));
        if (res.status === 503 && retryAfter > 0 && attempt <= 24) {
          console.log(`${name}: 503, coming back after ${retryAfter} s as its Retry-After says`);
          await new Promise((r) => setTimeout(r, Math.min(retryAfter, 10) * 1000));
          continue;
        }
        console.warn(`${name}: ${route} answered ${res.status} ${await res.text()}`);
        break;
      }
    }
    const results: BenchResult[] = [];
    for (const [name, route] of chosen) {
      for (const connections of CONNECTIONS) {
        await untilIdle(url);
        // The server's own CPU time per answered request (this process; PostgreSQL and the load
        // generator are others): on a machine shared with other work, throughput follows the
        // other work, while CPU per request follows the code.
        const cpuBefore = process.cpuUsage();
        const postgresBefore = postgresCpu?.();
        const r = await load(`${base}${route}`, connections, cookieOf(name));
        const cpu = process.cpuUsage(cpuBefore);
        const perRequest = (us: number) => Math.round(us / Math.max(1, r.requests));
        const cpuUsPerRequest = perRequest(cpu.user + cpu.system);
        const postgresUsPerRequest =
          postgresCpu && postgresBefore !== undefined
            ? perRequest(postgresCpu() - postgresBefore)
            : null;
        results.push({ name, connections, ...r, cpuUsPerRequest, postgresUsPerRequest });
        console.log(
          `${name.padEnd(14)} c=${String(connections).padEnd(3)} ${String(r.rps).padStart(8)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  cpu ${cpuUsPerRequest} µs/req  postgres ${postgresUsPerRequest ?? "-"} µs/req${r.non2xx + r.errors + r.timeouts ? `  (${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)` : ""}`,
        );
      }
    }
    const bare = (c: number) =>
      results.find((r) => r.name === "bare" && r.connections === c)?.rps ?? 1;
    console.log(
      `\n${ROWS.toLocaleString("en-US")} grievances, ${SECONDS} s per scenario and connection count\n`,
    );
    console.log(
      "| scenario | conn. | requests/s | p50 ms | p95 ms | p99 ms | share of bare rps | server CPU µs/req | bare's CPU / this | PostgreSQL CPU µs/req | not 2xx |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const bareCpu = (c: number) =>
      results.find((r) => r.name === "bare" && r.connections === c)?.cpuUsPerRequest ?? 1;
    for (const r of results) {
      // Answers other than 2xx, plus requests that failed or timed out without an answer.
      const failed = r.non2xx + r.errors + r.timeouts;
      console.log(
        `| ${r.name} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p95} | ${r.p99} | ${((r.rps / bare(r.connections)) * 100).toFixed(1)}% | ${r.cpuUsPerRequest} | ${((bareCpu(r.connections) / Math.max(1, r.cpuUsPerRequest)) * 100).toFixed(1)}% | ${r.postgresUsPerRequest ?? "-"} | ${failed} of ${r.requests + r.errors + r.timeouts} |`,
      );
    }
    if (args.json)
      writeFileSync(args.json, `${JSON.stringify({ rows: ROWS, results }, null, 2)}\n`);
    await new Promise((r) => setTimeout(r, 300)); // the last in-flight requests
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
