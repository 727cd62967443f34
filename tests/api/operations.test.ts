import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppPool, createKysely } from "../../src/server/db/connection.ts";
import { startScheduler } from "../../src/server/lib/jobs/scheduler.ts";
import { createMetrics, type Metrics, serveMetrics } from "../../src/server/lib/metrics.ts";
import type { Storage } from "../../src/server/lib/storage/storage.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The operator's view (issue 32): /api/health stays shallow, /api/ready names what is not
 * usable, and the metrics come in Prometheus's text format behind a token or on their own port.
 */
const TOKEN = "metrics-token-0123456789";
let t: TestApp;
let pool: pg.Pool;
let metrics: Metrics;
let org: TestOrganization;

beforeAll(async () => {
  metrics = createMetrics();
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN }, deps: { metrics } });
  // The gauges read a pool and the outbox of the app's own database.
  pool = createAppPool(t.appDatabaseUrl, 2);
  metrics.watch({ db: createKysely(pool), pool });
  org = await createOrganization(t, "Operators Local");
});
afterAll(async () => {
  await pool?.end().catch(() => undefined);
  await t?.close();
});

describe("health and readiness", () => {
  it("answers health without checking more than the database", async () => {
    const res = await t.client().get("/api/health");
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("is ready when the database, migrations, mail and storage are usable", async () => {
    const res = await t.client().get("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", mail: "ok", storage: "ok" },
    });
  });

  it("answers 503 naming storage and mail when they fail, and a migration not applied", async () => {
    const broken: Storage = {
      ...t.storage,
      put: async () => {
        throw new Error("disk full");
      },
    };
    const other = await startTestApp({
      storage: broken,
      deps: {
        checkMail: async () => {
          throw new Error("SMTP refused");
        },
      },
    });
    try {
      const res = await other.client().get("/api/ready");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        checks: { database: "ok", migrations: "ok", mail: "failed", storage: "failed" },
        failed: ["mail", "storage"],
      });
      // A newer code on an older schema: the last migration is missing.
      const owner = new pg.Client({ connectionString: other.databaseUrl });
      await owner.connect();
      await owner.query(
        "DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations)",
      );
      await owner.end();
      const again = await other.client().get("/api/ready");
      expect(again.statusCode).toBe(503);
      expect(again.json().failed).toEqual(["migrations", "mail", "storage"]);
    } finally {
      await other.close();
    }
  });
});

describe("metrics", () => {
  it("are refused without the token, and the route does not exist without one configured", async () => {
    expect((await t.client().get("/metrics")).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer wrong-token-0123456789" },
    });
    expect(res.statusCode).toBe(401);
    const plain = await startTestApp();
    try {
      expect((await plain.client().get("/metrics")).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("give request durations by route pattern, pool use, outbox depth, jobs and event-loop delay", async () => {
    await org.admin.client.get("/api/grievances/G-2026-0042");
    await org.admin.client.get("/api/grievances?limit=5");
    await org.admin.client.post("/api/announcements", {
      title: "Meeting Thursday",
      content: "The general meeting is on Thursday at 6 pm.",
      category: "General",
    });
    // A scheduler reporting to the same metrics: one job that works, one that fails.
    const scheduler = startScheduler({
      jobs: [
        { name: "works", everyMs: 60_000, run: async () => 1 },
        {
          name: "breaks",
          everyMs: 60_000,
          run: async () => {
            throw new Error("no");
          },
        },
      ],
      log: pino({ level: "silent" }),
      timers: false,
      onRun: metrics.jobRun,
    });
    await scheduler.runNow();
    await scheduler.stop();
    // Three mails waiting on a retry an hour away: the outbox depth counts them.
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    await owner.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, next_attempt_at)
       SELECT 'later@example.org', 'Later', 'Later', now() + interval '1 hour' FROM generate_series(1, 3)`,
    );
    const pending = (
      await owner.query("SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'")
    ).rows[0].n as number;
    await owner.end();
    expect(pending).toBeGreaterThanOrEqual(3);
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    expect(text).toMatch(
      /unionhall_http_request_duration_seconds_count\{method="GET",route="\/api\/grievances\/:id",status="404"\} 1/,
    );
    expect(text).toContain('route="/api/grievances"');
    expect(text).not.toContain("G-2026-0042");
    expect(text).not.toContain("limit=5");
    expect(text).toMatch(/unionhall_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain(`unionhall_mail_outbox{status="pending"} ${pending}`);
    expect(text).toContain('unionhall_job_runs_total{job="works",result="ok"} 1');
    expect(text).toContain('unionhall_job_runs_total{job="breaks",result="failed"} 1');
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
  });

  it("are served on their own port, at /metrics only", async () => {
    const server = await serveMetrics(metrics, 0, "127.0.0.1");
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("unionhall_http_request_duration_seconds_bucket");
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
