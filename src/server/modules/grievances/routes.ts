import { z } from "zod";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import {
  ZComment,
  ZGrievance,
  ZGrievanceInput,
  ZGrievanceSummary,
  ZListQuery,
} from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { readAsTenant } from "../../db/tenant.ts";
import { decodeCursor, page } from "../../lib/pagination.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now, ZId } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { actorOf } from "./action-route.ts";
import { attachmentRoutes } from "./attachment-routes.ts";
import { addComment } from "./comments.ts";
import { nextDeadlineOf } from "./deadlines.ts";
import { grievanceDetail } from "./detail.ts";
import { exportRoutes } from "./export-routes.ts";
import { fileGrievance } from "./filing.ts";
import { groupRoutes } from "./group-routes.ts";
import { importRoutes } from "./import-routes.ts";
import { visibilityOf } from "./lock.ts";
import { tellSubmitter } from "./notify.ts";
import { outcomeRoutes } from "./outcome-routes.ts";
import { cursorOf, cursorShape, listGrievances } from "./repo.ts";
import { representationRoutes } from "./representation-routes.ts";
import { grievanceStepRoutes } from "./step-routes.ts";
import { summary } from "./summary.ts";

export function grievanceRoutes(app: AppInstance): void {
  const { db } = app.deps;
  grievanceStepRoutes(app);
  outcomeRoutes(app);
  groupRoutes(app);
  representationRoutes(app);
  attachmentRoutes(app);
  exportRoutes(app);
  importRoutes(app);

  app.post(
    "/api/grievances",
    {
      config: { access: "create:grievance" },
      schema: { body: ZGrievanceInput, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const at = now(app);
      const { id } = await fileGrievance(db, tenant, request.body, at);
      // The grievants named in a group grievance hear of it as those added later do.
      if (request.body.type === "group") {
        await tellSubmitter(
          db,
          null,
          tenant.userId,
          id,
          line("addedToGroup", {}),
          app.deps.env.APP_URL,
          tenant.organizationId,
        );
      }
      return reply.status(201).send(await grievanceDetail(db, tenant, id, at));
    },
  );

  app.get(
    "/api/grievances",
    {
      config: { access: "member" },
      schema: {
        querystring: ZListQuery,
        response: {
          200: z.object({
            items: z.array(ZGrievanceSummary),
            nextCursor: z.string().nullable(),
            total: z.number(),
            /** A search counts up to 1,000: true when there are more. */
            totalIsCapped: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { limit, cursor, sort, order, ...filter } = request.query;
      const v = visibilityOf(tenant);
      const after = decodeCursor(cursor, cursorShape({ sort, order }));
      // Reads only: each statement in one write with its binding (issue 35).
      return readAsTenant(db, tenant.organizationId, async (trx) => {
        const at = now(app);
        // The due filter needs the organization's day first; otherwise the page brings its zone.
        const dueToday = filter.due
          ? todayIn((await loadProcedure(trx, tenant.organizationId)).timeZone, at)
          : undefined;
        const listed = await listGrievances(
          trx,
          v,
          { ...filter, today: dueToday },
          { limit, order: { sort, order }, after },
        );
        const today = dueToday ?? todayIn(listed.timeZone, at);
        const { items, nextCursor } = page(listed.rows, limit, (r) => cursorOf({ sort, order }, r));
        return {
          // Each row carries its decorations; `summary` picks the answer's fields.
          items: items.map((row) =>
            summary(row, {
              assignee: row.assignee,
              nextDeadline:
                row.deadline && row.deadline.closedOn === null
                  ? nextDeadlineOf(row.deadline, today)
                  : null,
              groupGrievants: row.groupGrievants,
            }),
          ),
          nextCursor,
          total: listed.total,
          totalIsCapped: listed.totalIsCapped,
        };
      });
    },
  );

  app.get(
    "/api/grievances/:id",
    { config: { access: "member" }, schema: { params: ZId, response: { 200: ZGrievance } } },
    async (request) => grievanceDetail(db, requireTenant(request), request.params.id, now(app)),
  );

  app.post(
    "/api/grievances/:id/comments",
    {
      config: { access: "member" },
      schema: { params: ZId, body: ZComment, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      await addComment(
        db,
        tenant,
        actorOf(request),
        request.params.id,
        request.body,
        app.deps.env.APP_URL,
      );
      return reply.status(201).send(await grievanceDetail(db, tenant, request.params.id, now(app)));
    },
  );
}
