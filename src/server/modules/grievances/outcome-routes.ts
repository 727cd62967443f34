import { Readable } from "node:stream";
import { z } from "zod";
import { can } from "../../../shared/permissions.ts";
import {
  ZCloseInput,
  ZGrievance,
  ZGrievantInput,
  ZReopenInput,
} from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { caseFileChunks } from "./case-file.ts";
import { caseFileSources } from "./case-file-sources.ts";
import { changeGrievant } from "./grievants.ts";
import { closeGrievance, recordRemedyReceived, reopenGrievance } from "./outcome-actions.ts";
import { type ActionContext, type Actor, grievanceDetail } from "./service.ts";

const ZId = z.object({ id: z.string().min(1).max(40) });

/**
 * Outcomes and remedies (issue 19): close with an outcome and reopen (stewards and admins),
 * and the remedy paid (a grievant or a steward). Each answers the grievance as it now stands.
 */
export function outcomeRoutes(
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
    "/api/grievances/:id/close",
    {
      config: { access: "resolve:grievance" },
      schema: { params: ZId, body: ZCloseInput, response: { 200: ZGrievance } },
    },
    async (request) => {
      const ctx = context(request);
      await closeGrievance(ctx, request.params.id, request.body);
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.post(
    "/api/grievances/:id/reopen",
    {
      config: { access: "resolve:grievance" },
      schema: { params: ZId, body: ZReopenInput, response: { 200: ZGrievance } },
    },
    async (request) => {
      const ctx = context(request);
      await reopenGrievance(ctx, request.params.id, request.body);
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.post(
    "/api/grievances/:id/remedy/received",
    {
      config: { access: "member" },
      schema: { params: ZId, response: { 200: ZGrievance } },
    },
    async (request) => {
      const ctx = context(request);
      await recordRemedyReceived(ctx, request.params.id);
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.post(
    "/api/grievances/:id/grievants",
    {
      config: { access: "update:grievance" },
      schema: { params: ZId, body: ZGrievantInput, response: { 200: ZGrievance } },
    },
    async (request) => {
      const ctx = context(request);
      const who = request.body.userId ?? request.body.rosterId ?? "";
      await changeGrievant(ctx, request.params.id, who, "add");
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  app.delete(
    "/api/grievances/:id/grievants/:userId",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId.extend({ userId: z.string().min(1).max(100) }),
        response: { 200: ZGrievance },
      },
    },
    async (request) => {
      const ctx = context(request);
      await changeGrievant(ctx, request.params.id, request.params.userId, "remove");
      return grievanceDetail(db, ctx.tenant, request.params.id, ctx.now);
    },
  );

  /**
   * The case file as one PDF (issue 19): built from the same answer the viewer gets from
   * GET /api/grievances/:id, so a grievant's copy is the grievant's projection, never with an
   * internal note (product-decisions.md 28). Streamed as it is written (case-file.ts).
   */
  app.get(
    "/api/grievances/:id/case-file.pdf",
    { config: { access: "member" }, schema: { params: ZId } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const at = helpers.now();
      const grievance = await grievanceDetail(db, tenant, request.params.id, at);
      const { organizationName, attachments } = await caseFileSources(
        db,
        app.deps.storage,
        tenant.organizationId,
        grievance.id,
      );
      const pdf = Readable.from(
        caseFileChunks({
          organizationName,
          grievance,
          attachments,
          internal: can(tenant.role, "view:all_grievances"),
          generatedAt: at,
          language: requireUser(request).language,
        }),
      );
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          contentDisposition("attachment", `case-file-${grievance.id}`, "pdf"),
        )
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
