import type { ServerResponse } from "node:http";
import { z } from "zod";
import { can, type Role } from "../../../shared/permissions.ts";
import { todayIn } from "../../../shared/procedure/index.ts";
import { FILE_TYPES } from "../../../shared/schemas/documents.ts";
import {
  describeEvent,
  ZActivityItem,
  ZAttachment,
  ZComment,
  ZDashboardStats,
  ZGrievance,
  ZGrievanceInput,
  ZGrievanceSummary,
  ZListQuery,
} from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound, unauthenticated } from "../../lib/errors.ts";
import { createStreamRights, STREAM_RECHECK_MS } from "../../lib/events/stream-rights.ts";
import { detectFileType } from "../../lib/files/detect.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import {
  assertImageSize,
  assertStorageLeft,
  assertUploadRate,
} from "../../lib/files/upload-guards.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { countAnnouncements } from "../announcements/index.ts";
import { countDocuments } from "../documents/index.ts";
import { csvRow } from "./csv.ts";
import { groupRoutes } from "./group-routes.ts";
import { outcomeStats } from "./outcome-detail.ts";
import { outcomeRoutes } from "./outcome-routes.ts";
import { procedureRoutes } from "./procedure-routes.ts";
import {
  cursorOf,
  deadlineCounts,
  decorate,
  exportRows,
  findVisible,
  listGrievances,
  recentEvents,
  statusCounts,
} from "./repo.ts";
import {
  addComment,
  attachmentKey,
  fileGrievance,
  grievanceDetail,
  recordAttachment,
  visibilityOf,
} from "./service.ts";
import { summary } from "./summary.ts";

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
const ZId = z.object({ id: z.string().min(1).max(40) });

const encodeCursor = (at: [string | null, string]) =>
  Buffer.from(JSON.stringify(at)).toString("base64url");

/** A cursor is [key, id] of the last row shown; its key must read as the sort's type. */
function decodeCursor(
  cursor: string | undefined,
  sort: string,
): [string | null, string] | undefined {
  if (!cursor) return undefined;
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof id !== "string" || id.length > 40) throw new Error("bad");
    const fine =
      sort === "id"
        ? key === null
        : typeof key === "string" &&
          key.length <= 200 &&
          (sort !== "filed" || !Number.isNaN(Date.parse(key))) &&
          (sort !== "deadline" || key === "infinity" || /^\d{4}-\d{2}-\d{2}$/.test(key));
    if (!fine) throw new Error("bad");
    return [key as string | null, id];
  } catch {
    throw new AppError(400, "VALIDATION_FAILED", "The cursor is not valid.", {
      cursor: "The cursor is not valid.",
    });
  }
}

export function grievanceRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;
  const streams = new Set<ServerResponse>();
  const actorOf = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    return { id: user.id, name: user.name, role: requireTenant(request).role };
  };
  const now = () => app.deps.now?.() ?? new Date();
  procedureRoutes(app, { actorOf, now });
  outcomeRoutes(app, { actorOf, now });
  groupRoutes(app, { actorOf, now });

  app.post(
    "/api/grievances",
    {
      config: { access: "create:grievance" },
      schema: { body: ZGrievanceInput, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const at = now();
      const { id } = await fileGrievance(db, tenant, request.body, at);
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
      const after = decodeCursor(cursor, sort);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(procedure.timeZone, now());
        const { rows, total, totalIsCapped } = await listGrievances(
          trx,
          v,
          { ...filter, today },
          { limit, order: { sort, order }, after },
        );
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        const items = await decorate(trx, tenant.organizationId, page, today);
        return {
          items: items.map(({ row, ...extra }) => summary(row, extra)),
          nextCursor:
            rows.length > limit && last ? encodeCursor(cursorOf({ sort, order }, last)) : null,
          total,
          totalIsCapped,
        };
      });
    },
  );

  app.get(
    "/api/grievances/export.csv",
    {
      config: { access: "view:all_grievances" },
      schema: {
        querystring: ZListQuery.omit({ limit: true, cursor: true, sort: true, order: true }),
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const rows = await withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(procedure.timeZone, now());
        return exportRows(trx, visibilityOf(tenant), { ...request.query, today });
      });
      const header = csvRow([
        "ID",
        "Name",
        "Badge #",
        "Job Title",
        "Department",
        "Location",
        "Status",
        "Filed",
        "Description",
        "Remedy",
      ]);
      const body = rows.map((g) =>
        csvRow([
          g.id,
          g.name,
          g.badgeNumber,
          g.jobTitle,
          g.department,
          g.location,
          g.status,
          new Date(g.filedAt).toISOString(),
          g.description,
          g.remedy,
        ]),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          contentDisposition(
            "attachment",
            `grievances-${new Date().toISOString().slice(0, 10)}`,
            "csv",
          ),
        )
        .send(`\uFEFF${header}${body.join("")}`);
    },
  );

  app.get(
    "/api/grievances/:id",
    { config: { access: "member" }, schema: { params: ZId, response: { 200: ZGrievance } } },
    async (request) => grievanceDetail(db, requireTenant(request), request.params.id, now()),
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
      return reply.status(201).send(await grievanceDetail(db, tenant, request.params.id, now()));
    },
  );

  app.post(
    "/api/grievances/:id/attachments",
    { config: { access: "member" }, schema: { params: ZId, response: { 201: ZAttachment } } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      // Check the grievance before reading the upload: nothing is stored for an unseen one.
      const visible = await withTenant(db, tenant.organizationId, (trx) =>
        findVisible(trx, visibilityOf(tenant), request.params.id),
      );
      if (!visible) throw notFound("Grievance Not Found");
      await assertUploadRate(db, tenant.userId);
      if (!request.isMultipart())
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the file as multipart/form-data in a field named file.",
        );
      const part = await request.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES } });
      if (part?.fieldname !== "file")
        throw new AppError(400, "VALIDATION_FAILED", "Please choose a file.");
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, "PAYLOAD_TOO_LARGE", "Attachments can be at most 10 MB.");
        }
        throw error;
      }
      const fileType = detectFileType(data);
      if (!fileType) {
        throw new AppError(
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          "Attach a PDF, an image, or a Word or Excel file.",
        );
      }
      await assertImageSize(data, fileType);
      await assertStorageLeft(
        db,
        tenant.organizationId,
        data.length,
        app.deps.env.ORG_STORAGE_QUOTA_MB,
      );
      const type = { extension: fileType, mime: FILE_TYPES[fileType].contentType };
      const key = attachmentKey(tenant.organizationId, type.extension);
      const name = (part.filename || `attachment.${type.extension}`)
        .replace(/[\\/]/g, "_")
        .slice(0, 200);
      // Stored, then recorded; a record that fails takes its file with it (no orphans).
      await storage.put(key, data, type.mime);
      try {
        const saved = await recordAttachment(db, tenant, actorOf(request), request.params.id, {
          name,
          contentType: type.mime,
          size: data.length,
          storageKey: key,
        });
        return reply.status(201).send(saved);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
  );

  app.get(
    "/api/grievances/:id/attachments/:attachmentId",
    {
      config: { access: "member" },
      schema: { params: ZId.extend({ attachmentId: z.string().max(40) }) },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { id, attachmentId } = request.params;
      if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) throw notFound();
      const file = await withTenant(db, tenant.organizationId, async (trx) => {
        if (!(await findVisible(trx, visibilityOf(tenant), id))) return undefined;
        return trx
          .selectFrom("grievanceAttachments")
          .select(["name", "contentType", "storageKey"])
          .where("organizationId", "=", tenant.organizationId)
          .where("grievanceId", "=", id)
          .where("id", "=", attachmentId)
          .executeTakeFirst();
      });
      const stored = file ? await storage.get(file.storageKey) : null;
      if (!file || !stored) throw notFound();
      return reply
        .type(file.contentType)
        .header("content-length", stored.size)
        .header(
          "content-disposition",
          contentDisposition("attachment", file.name, file.storageKey.split(".").at(-1) ?? "bin"),
        )
        .header("cache-control", "private, no-store")
        .send(stored.stream);
    },
  );

  app.get(
    "/api/dashboard-stats",
    { config: { access: "member" }, schema: { response: { 200: ZDashboardStats } } },
    async (request) => {
      const tenant = requireTenant(request);
      const v = visibilityOf(tenant);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const [counts, org, documents, announcements, procedure] = await Promise.all([
          statusCounts(trx, v),
          getOrganization(trx, tenant.organizationId),
          countDocuments(trx, tenant.organizationId),
          countAnnouncements(trx, tenant.organizationId),
          loadProcedure(trx, tenant.organizationId),
        ]);
        const today = todayIn(procedure.timeZone, now());
        const due = v.seesAll
          ? await deadlineCounts(trx, tenant.organizationId, today)
          : { overdue: null, dueThisWeek: null };
        const outcomes = v.seesAll ? await outcomeStats(trx, tenant.organizationId, today) : null;
        return {
          totalGrievances: counts.total,
          resolvedGrievances: counts.resolved,
          pendingGrievances: counts.pending,
          escalatedGrievances: counts.escalated,
          organizationName: org?.name ?? "",
          documents,
          announcements,
          ...due,
          outcomes,
        };
      });
    },
  );

  app.get(
    "/api/activity",
    {
      config: { access: "member" },
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(3) }),
        response: { 200: z.object({ items: z.array(ZActivityItem) }) },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const rows = await withTenant(db, tenant.organizationId, (trx) =>
        recentEvents(trx, visibilityOf(tenant), request.query.limit),
      );
      return {
        items: rows.map((e) => ({
          id: String(e.id),
          grievanceId: e.grievanceId,
          user: e.actorName,
          action: describeEvent(e),
          time: new Date(e.createdAt).toISOString(),
        })),
      };
    },
  );

  /** Server-sent events: a line per change the person may see, fed by LISTEN/NOTIFY. */
  const rights = createStreamRights(app.deps.auth, db);
  const recheckMs = app.deps.streamRecheckMs ?? STREAM_RECHECK_MS;
  app.get("/api/events", { config: { access: "member" } }, async (request, reply) => {
    const tenant = requireTenant(request);
    const token = await rights.tokenOf(request.headers.cookie);
    if (!token) throw unauthenticated();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 3000\n\n: connected\n\n");
    // Rights are read again for every event and every few seconds: a stream ends when its
    // session ends or its listener is removed or given another role (the browser then
    // reconnects with the new rights, or not at all).
    const stillAllowed = async (): Promise<Role | null> => {
      const role = await rights
        .currentRole(token, tenant.organizationId, tenant.userId)
        .catch(() => null);
      if (role !== tenant.role) {
        stop();
        res.end();
        return null;
      }
      return role;
    };
    let queue = Promise.resolve();
    const unsubscribe = app.deps.events.subscribe({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      seesAll: can(tenant.role, "view:all_grievances"),
      send: (event) => {
        queue = queue.then(async () => {
          const role = await stillAllowed();
          if (!role) return;
          // A member hears about their own grievances: filed by them, or one they are (or, for
          // the event that removes them, were) a grievant of. Only the id and kind are sent.
          const own =
            event.submittedBy === tenant.userId || event.grievants?.includes(tenant.userId);
          if (!can(role, "view:all_grievances") && !own) return;
          res.write(
            `event: grievance\ndata: ${JSON.stringify({ grievanceId: event.grievanceId, kind: event.kind })}\n\n`,
          );
        });
      },
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), 25_000);
    heartbeat.unref();
    const recheck = setInterval(() => {
      queue = queue.then(async () => {
        await stillAllowed();
      });
    }, recheckMs);
    recheck.unref();
    let stopped = false;
    function stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      unsubscribe();
      streams.delete(res);
    }
    streams.add(res);
    request.raw.on("close", stop);
  });
  // Open streams would hold a graceful shutdown forever: end them when the app closes.
  app.addHook("onClose", async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
}
