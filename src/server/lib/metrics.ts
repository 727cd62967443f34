import { createServer, type Server } from "node:http";
import { sql } from "kysely";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DB } from "../db/connection.ts";

/**
 * The operator's numbers in Prometheus's text format (issue 32), with prom-client: request
 * durations by route pattern (never the raw URL, which would make a series per grievance),
 * the database pool, the mail outbox's depth, job runs and failures, and Node's own metrics
 * (event-loop delay among them). One registry per app, so tests can build several.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  jobRun(job: string, ok: boolean, seconds: number): void;
  /** The pool and database the gauges read (the outbox, connections), once they exist. */
  watch(sources: { db: DB; pool?: pg.Pool }): void;
  /** The text Prometheus scrapes. */
  text(): Promise<string>;
  contentType: string;
}

export function createMetrics(): Metrics {
  let sources: { db: DB; pool?: pg.Pool } | null = null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Histogram({
    name: "unionhall_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "unionhall_job_runs_total",
    help: "Scheduled job runs by job and result",
    labelNames: ["job", "result"] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "unionhall_job_duration_seconds",
    help: "Scheduled job run durations",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers: [registry],
  });
  new Gauge({
    name: "unionhall_db_pool_connections",
    help: "Application pool connections by state (total, idle, waiting requests)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources?.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "unionhall_mail_outbox",
    help: "Mails in the outbox by status (pending: not yet sent; failed: given up)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      if (!sources) return;
      const { rows } = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::int AS n FROM mail_outbox
         WHERE status IN ('pending', 'failed') GROUP BY status`.execute(sources.db);
      this.set({ status: "pending" }, rows.find((r) => r.status === "pending")?.n ?? 0);
      this.set({ status: "failed" }, rows.find((r) => r.status === "failed")?.n ?? 0);
    },
  });
  return {
    registry,
    contentType: registry.contentType,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    jobRun(job, ok, seconds) {
      jobRuns.inc({ job, result: ok ? "ok" : "failed" });
      jobSeconds.observe({ job }, seconds);
    },
    watch(next) {
      sources = next;
    },
    text: () => registry.metrics(),
  };
}

/** METRICS_PORT: /metrics on its own port (127.0.0.1 by default), outside the public app. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { "content-type": metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
