import { sql } from "kysely";
import { z } from "zod";
import type { AppInstance } from "../../app.ts";

export function healthRoutes(app: AppInstance): void {
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
}
