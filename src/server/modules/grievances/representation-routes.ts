import { z } from "zod";
import { ZContactInput } from "../../../shared/schemas/representation.ts";
import type { AppInstance } from "../../app.ts";
import { requireTenant } from "../../plugins/access.ts";
import { logContact } from "./contacts.ts";
import type { ActionContext, Actor } from "./service.ts";

const ZId = z.object({ id: z.string().min(1).max(40) });

/**
 * Fair representation on the record (issue 34, product-decisions.md 36): contacts logged with
 * grievants, members' questions and their replies.
 */
export function representationRoutes(
  app: AppInstance,
  helpers: { actorOf(request: Parameters<typeof requireTenant>[0]): Actor; now(): Date },
): void {
  const { db } = app.deps;
  const context = (request: Parameters<typeof requireTenant>[0]): ActionContext => ({
    db,
    tenant: requireTenant(request),
    actor: helpers.actorOf(request),
    now: helpers.now(),
    appUrl: app.deps.env.APP_URL,
  });

  app.post(
    "/api/grievances/:id/contacts",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId,
        body: ZContactInput,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const done = await logContact(context(request), request.params.id, request.body);
      return reply.status(201).send(done);
    },
  );
}
