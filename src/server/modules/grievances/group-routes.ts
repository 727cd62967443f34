import { z } from "zod";
import { ZConvertInput, ZGrievance, ZRelatedInput } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { ZId } from "../../lib/routes.ts";
import { actionContext, grievanceAction } from "./action-route.ts";
import { convertToGroup } from "./convert.ts";
import { grievanceDetail } from "./detail.ts";
import { changeLink } from "./related.ts";

/**
 * Related grievances and the conversion of individual grievances into a group one (issue 19):
 * stewards and admins. Each answers the grievance as it now stands.
 */
export function groupRoutes(app: AppInstance): void {
  grievanceAction(
    app,
    {
      method: "POST",
      url: "/api/grievances/:id/related",
      access: "update:grievance",
      body: ZRelatedInput,
    },
    (ctx, { params, body }) => changeLink(ctx, params.id, body.grievanceId, "link"),
  );

  grievanceAction(
    app,
    {
      method: "DELETE",
      url: "/api/grievances/:id/related/:relatedId",
      access: "update:grievance",
      params: ZId.extend({ relatedId: z.string().min(1).max(40) }),
    },
    (ctx, { params }) => changeLink(ctx, params.id, params.relatedId, "unlink"),
  );

  app.post(
    "/api/grievances/convert-to-group",
    {
      config: { access: "resolve:grievance" },
      schema: { body: ZConvertInput, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const ctx = actionContext(app, request);
      const id = await convertToGroup(ctx, request.body);
      return reply.status(201).send(await grievanceDetail(app.deps.db, ctx.tenant, id, ctx.now));
    },
  );
}
