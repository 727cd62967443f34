import { timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import type { AppInstance } from "../../app.ts";
import { READY_PARTS, readinessChecker } from "./ready.ts";

const ZPartState = z.enum(["ok", "failed"]);
const ZReadiness = z.object(
  Object.fromEntries(READY_PARTS.map((p) => [p, ZPartState])) as Record<
    (typeof READY_PARTS)[number],
    typeof ZPartState
  >,
);

export function healthRoutes(app: AppInstance): void {
  const { db, storage, log, metrics } = app.deps;

  // Liveness: the process answers and reaches its database. Kept shallow on purpose.
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
          503: z.object({ status: z.literal("error"), database: z.literal("unreachable") }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`SELECT 1`.execute(app.deps.db);
        return { status: "ok" as const, database: "ok" as const };
      } catch {
        return reply
          .status(503)
          .send({ status: "error" as const, database: "unreachable" as const });
      }
    },
  );

  // Readiness (issue 32): whether each part this instance needs is usable; 503 names the ones
  // that are not (the details go to the log, not to whoever asks).
  const ready = readinessChecker({ db, storage, log, checkMail: app.deps.checkMail });
  app.get(
    "/api/ready",
    {
      config: { access: "public" },
      schema: {
        response: {
          200: z.object({ status: z.literal("ready"), checks: ZReadiness }),
          503: z.object({
            status: z.literal("unavailable"),
            checks: ZReadiness,
            failed: z.array(z.enum(READY_PARTS)),
          }),
        },
      },
    },
    async (_request, reply) => {
      const checks = await ready();
      const failed = READY_PARTS.filter((part) => checks[part] !== "ok");
      if (failed.length === 0) return { status: "ready" as const, checks };
      return reply.status(503).send({ status: "unavailable" as const, checks, failed });
    },
  );

  // Metrics behind a token (METRICS_TOKEN): for a scraper that reaches the app's own port.
  // Without a token the route does not exist (METRICS_PORT serves them apart).
  const token = app.deps.env.METRICS_TOKEN;
  if (metrics && token) {
    const expected = Buffer.from(`Bearer ${token}`);
    app.get("/metrics", { config: { access: "public" } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .status(401)
          .header("www-authenticate", "Bearer")
          .send({ error: { code: "UNAUTHENTICATED", message: "A metrics token is required." } });
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    });
  }
}
