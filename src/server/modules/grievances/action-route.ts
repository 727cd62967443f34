import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { ZGrievance } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { now, ZId } from "../../lib/routes.ts";
import { type Access, requireTenant, requireUser } from "../../plugins/access.ts";
import { grievanceDetail } from "./detail.ts";
import type { Actor } from "./event-log.ts";
import type { ActionContext } from "./lock.ts";

/** The signed-in person acting, as the log and the mails name them. */
export function actorOf(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return { id: user.id, name: user.name, role: requireTenant(request).role };
}

/** Who acts, where, and when: what every grievance action is given. */
export function actionContext(app: AppInstance, request: FastifyRequest): ActionContext {
  return {
    db: app.deps.db,
    tenant: requireTenant(request),
    actor: actorOf(request),
    now: now(app),
    appUrl: app.deps.env.APP_URL,
  };
}

/**
 * A route that runs one action on the grievance of its `:id` and answers the grievance as it
 * now stands (200, `ZGrievance`): the procedure's, outcome's, grievants' and links' routes.
 */
export function grievanceAction<
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType<{ id: string }> = typeof ZId,
>(
  app: AppInstance,
  route: { method: "POST" | "DELETE"; url: string; access: Access; body?: B; params?: P },
  run: (
    ctx: ActionContext,
    request: { params: z.output<P>; body: z.output<B> },
  ) => Promise<unknown>,
): void {
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access },
    schema: {
      params: route.params ?? ZId,
      ...(route.body ? { body: route.body } : {}),
      response: { 200: ZGrievance },
    },
    handler: async (request) => {
      const ctx = actionContext(app, request);
      // Checked against the schemas above before the handler runs.
      const input = request as unknown as { params: z.output<P>; body: z.output<B> };
      await run(ctx, input);
      return grievanceDetail(app.deps.db, ctx.tenant, input.params.id, ctx.now);
    },
  });
}
