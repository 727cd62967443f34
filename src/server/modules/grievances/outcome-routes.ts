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
import { informationSections } from "../information-requests/index.ts";
import { caseFileChunks, resumed } from "./case-file.ts";
import { assertCaseFileRate, caseFilePool, retryLater } from "./case-file-pool.ts";
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
  const pool = caseFilePool(app);
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
   * internal note (product-decisions.md 28). Made in the case-file workers and streamed as it
   * is written (case-file.ts); counted per person (CASE_FILE_LIMIT) and per organization (two
   * at once, three waiting: case-file-pool.ts).
   */
  app.get(
    "/api/grievances/:id/case-file.pdf",
    { config: { access: "member" }, schema: { params: ZId } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      await assertCaseFileRate(db, requireUser(request).id);
      const at = helpers.now();
      const grievance = await grievanceDetail(db, tenant, request.params.id, at);
      const { organizationName, timeZone, attachments } = await caseFileSources(
        db,
        app.deps.storage,
        tenant.organizationId,
        grievance.id,
      );
      const chunks = caseFileChunks(pool, {
        organizationId: tenant.organizationId,
        organizationName,
        grievance,
        attachments,
        internal: can(tenant.role, "view:all_grievances"),
        generatedAt: at,
        language: requireUser(request).language,
        timeZone,
        sections: await informationSections(db, tenant.organizationId, grievance.id, {
          now: at,
          language: requireUser(request).language,
          internal: can(tenant.role, "view:all_grievances"),
        }),
      });
      // The first chunk (the report) is made before anything is sent: a full queue (429) or a
      // worker that fails on the report (503) still answers with a status.
      let first: IteratorResult<Uint8Array>;
      try {
        first = await chunks.next();
      } catch (error) {
        throw retryLater(reply, error);
      }
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          contentDisposition("attachment", `case-file-${grievance.id}`, "pdf"),
        )
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "sandbox")
        .header("x-content-type-options", "nosniff")
        .send(Readable.from(resumed(first, chunks)));
    },
  );
}
