import { createHash } from "node:crypto";
import { z } from "zod";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import {
  ZInformationRequest,
  ZInformationRequestInput,
  ZInformationRequestList,
  ZInformationServeInput,
  ZItemAnswerInput,
} from "../../../shared/schemas/information-requests.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now, ZId } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { actionContext, conflict, findVisible, visibilityOf } from "../grievances/index.ts";
import { renderFollowUpLetter } from "./letter.ts";
import { libraryRoutes } from "./library.ts";
import {
  createRequest,
  logEntry,
  recordPaperAnswer,
  seesAll,
  serveRequest,
  visibleRequest,
} from "./service.ts";
import { forGrievant, readRequests } from "./view.ts";

const ZUuid = z.string().regex(/^[0-9a-f-]{36}$/i, "Not found");
const ZRequestId = z.object({ id: ZUuid });
const ZItemParams = z.object({ id: ZUuid, itemId: ZUuid });
const ZFileParams = z.object({ id: ZUuid, fileId: ZUuid });

/** One request as the steward sees it, after a change. */
function readRequest(app: AppInstance, organizationId: string, id: string) {
  return withTenant(app.deps.db, organizationId, async (trx) => {
    const p = await loadProcedure(trx, organizationId);
    const [r] = await readRequests(trx, organizationId, { id }, todayIn(p.timeZone, now(app)));
    if (!r) throw notFound("Information Request Not Found");
    return r;
  });
}

/** Information requests on a grievance (issue 33). The employer's link is in modules/employer. */
export function informationRequestRoutes(app: AppInstance): void {
  const { db } = app.deps;
  libraryRoutes(app);
  const readOne = (organizationId: string, id: string) => readRequest(app, organizationId, id);

  app.post(
    "/api/grievances/:id/information-requests",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId,
        body: ZInformationRequestInput,
        response: { 201: ZInformationRequest },
      },
    },
    async (request, reply) => {
      const ctx = { ...actionContext(app, request), language: requireUser(request).language };
      const id = await createRequest(ctx, request.params.id, request.body);
      return reply.status(201).send(await readOne(ctx.tenant.organizationId, id));
    },
  );

  app.get(
    "/api/grievances/:id/information-requests",
    {
      config: { access: "member" },
      schema: { params: ZId, response: { 200: ZInformationRequestList } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const g = await findVisible(trx, visibilityOf(tenant), request.params.id);
        if (!g) throw notFound("Grievance Not Found");
        const p = await loadProcedure(trx, tenant.organizationId);
        const items = await readRequests(
          trx,
          tenant.organizationId,
          { grievanceId: g.id },
          todayIn(p.timeZone, now(app)),
        );
        return { items: seesAll(tenant) ? items : items.map(forGrievant) };
      });
    },
  );

  informationRequestChangeRoutes(app);
}

/** A request served, its items answered, its files and the follow-up letter. */
function informationRequestChangeRoutes(app: AppInstance): void {
  const readOne = (organizationId: string, id: string) => readRequest(app, organizationId, id);
  const { db, storage } = app.deps;
  app.post(
    "/api/information-requests/:id/serve",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZRequestId,
        body: ZInformationServeInput,
        response: { 200: ZInformationRequest },
      },
    },
    async (request) => {
      const ctx = { ...actionContext(app, request), language: requireUser(request).language };
      await serveRequest(ctx, request.params.id, request.body);
      return readOne(ctx.tenant.organizationId, request.params.id);
    },
  );

  app.post(
    "/api/information-requests/:id/items/:itemId",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZItemParams,
        body: ZItemAnswerInput,
        response: { 200: ZInformationRequest },
      },
    },
    async (request) => {
      const ctx = { ...actionContext(app, request), language: requireUser(request).language };
      await recordPaperAnswer(ctx, request.params.id, request.params.itemId, request.body);
      return readOne(ctx.tenant.organizationId, request.params.id);
    },
  );

  app.get(
    "/api/information-requests/:id/files/:fileId",
    { config: { access: "update:grievance" }, schema: { params: ZFileParams } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const file = await withTenant(db, tenant.organizationId, async (trx) => {
        await visibleRequest(trx, tenant, request.params.id);
        return trx
          .selectFrom("informationRequestFiles")
          .select(["name", "contentType", "storageKey"])
          .where("organizationId", "=", tenant.organizationId)
          .where("requestId", "=", request.params.id)
          .where("id", "=", request.params.fileId)
          .executeTakeFirst();
      });
      const stored = file ? await storage.get(file.storageKey) : null;
      if (!file || !stored) throw notFound("File Not Found");
      return reply
        .type(file.contentType)
        .header("content-length", stored.size)
        .header(
          "content-disposition",
          contentDisposition("attachment", file.name, file.storageKey.split(".").at(-1) ?? "bin"),
        )
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(stored.stream);
    },
  );

  /**
   * The follow-up letter of an overdue request: made on the request thread (text only, a
   * page or two), its SHA-256 logged with the request so the copy sent can be proved.
   */
  app.get(
    "/api/information-requests/:id/follow-up.pdf",
    { config: { access: "update:grievance" }, schema: { params: ZRequestId } },
    async (request, reply) => {
      const ctx = { ...actionContext(app, request), language: requireUser(request).language };
      const org = ctx.tenant.organizationId;
      const pdf = await withTenant(db, org, async (trx) => {
        const visible = await visibleRequest(trx, ctx.tenant, request.params.id);
        const p = await loadProcedure(trx, org);
        const today = todayIn(p.timeZone, ctx.now);
        const [r] = await readRequests(trx, org, { id: visible.id }, today);
        if (!r) throw notFound("Information Request Not Found");
        if (r.state !== "overdue")
          throw conflict("A follow-up letter is for an overdue request with items missing.");
        const [g, organization] = await Promise.all([
          trx
            .selectFrom("grievances")
            .select(["id", "subject"])
            .where("organizationId", "=", org)
            .where("id", "=", r.grievanceId)
            .executeTakeFirstOrThrow(),
          trx.selectFrom("organizations").select("name").where("id", "=", org).executeTakeFirst(),
        ]);
        const bytes = await renderFollowUpLetter({
          organizationName: organization?.name ?? "",
          grievance: g,
          request: r,
          today,
          generatedAt: ctx.now,
          language: ctx.language,
        });
        await logEntry(trx, org, r.id, {
          kind: "letter",
          actor: ctx.actor.name,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        });
        return { bytes, grievanceId: g.id };
      });
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          contentDisposition("attachment", `information-request-${pdf.grievanceId}`, "pdf"),
        )
        .header("cache-control", "private, no-store")
        .send(pdf.bytes);
    },
  );
}
