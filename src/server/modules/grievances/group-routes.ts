import { z } from "zod";
import { ZConvertInput, ZGrievance, ZRelatedInput } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { requireTenant } from "../../plugins/access.ts";
import { convertToGroup } from "./convert.ts";
import { changeLink } from "./related.ts";
import { type ActionContext, type Actor, grievanceDetail } from "./service.ts";

const ZId = z.object({ id: z.string().min(1).max(40) });

/**
 * Related grievances and the conversion of individual grievances into a group one (issue 19):
 * stewards and admins. Each answers the grievance as it now stands.
 */
export function groupRoutes(
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
    "/api/grievances/:id/related",
    {
      config: { access: "update:grievance" },
      schema: { params: ZId, body: ZRelatedInput, response: { 200: ZGrievance } },
    },
    async (request) => {
      const ctx = context(request);
      await changeLink(ctx, request.params.id, request.body.grievanceId, "link");
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.delete(
    "/api/grievances/:id/related/:relatedId",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId.extend({ relatedId: z.string().min(1).max(40) }),
        response: { 200: ZGrievance },
      },
    },
    async (request) => {
      const ctx = context(request);
      await changeLink(ctx, request.params.id, request.params.relatedId, "unlink");
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.post(
    "/api/grievances/convert-to-group",
    {
      config: { access: "resolve:grievance" },
      schema: { body: ZConvertInput, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const ctx = context(request);
      const id = await convertToGroup(ctx, request.body);
      return reply.status(201).send(await grievanceDetail(db, ctx.tenant, id, ctx.now));
    },
  );
}
