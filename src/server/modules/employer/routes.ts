import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { FILE_TYPES } from "../../../shared/schemas/documents.ts";
import {
  EmployerMessages,
  type TRespondInput,
  type TRespondView,
  ZRespondInput,
  ZRespondView,
  ZServeInput,
  ZServiceList,
} from "../../../shared/schemas/employer.ts";
import { ZGrievance } from "../../../shared/schemas/grievances.ts";
import {
  type TInformationRespondView,
  ZInformationRespondView,
  ZRespondItemsInput,
} from "../../../shared/schemas/information-requests.ts";
import type { AppInstance } from "../../app.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound, RateLimitedError, secondsLeftInWindow } from "../../lib/errors.ts";
import { detectFileType } from "../../lib/files/detect.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { assertImageSize, assertStorageLeft } from "../../lib/files/upload-guards.ts";
import { countHit, type HitLimit } from "../../lib/hit-counter.ts";
import { requestLanguage } from "../../lib/i18n/index.ts";
import { now, ZId } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { inspectJson } from "../../plugins/hardening.ts";
import {
  actionContext,
  assertCaseFileRate,
  attachmentKey,
  caseFilePool,
  findVisible,
  grievanceDetail,
  retryLater,
  visibilityOf,
} from "../grievances/index.ts";
import {
  answerRequestLink,
  isRequestToken,
  letterOfLink,
  type RequestFile,
  readRequestLink,
  requestOfToken,
} from "../information-requests/index.ts";
import { contactRoutes } from "./contacts.ts";
import {
  answerService,
  linkNotFound,
  readService,
  type ServedFile,
  servedDocument,
  serviceOfToken,
} from "./respond.ts";
import { listServices, serveGrievance } from "./serve.ts";

const ZToken = z.object({ token: z.string().max(100) });

/**
 * Links that open nothing (unknown, expired, closed) per client address and window. Only
 * failures count against an address (issue 28): an employer's office shares one address, and
 * counting every request let anyone behind it lock the holder of a good link out.
 */
export const RESPOND_LIMIT = { max: 60, windowSeconds: 600 };
/** Requests per live link and window, whoever sends them: its holders' own budget. */
export const RESPOND_LINK_LIMIT = { max: 120, windowSeconds: 600 };
export const RESPOND_FILES = { max: 5, bytes: 10 * 1024 * 1024 };

/**
 * The employer's page is opened from a mail by someone without an account: no referrer leaves
 * it (the token is in its address), no search engine keeps it, and it runs only its own
 * scripts and talks only to its own server.
 */
export const RESPOND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join("; ");
const isRespondUrl = (url: string) =>
  url.startsWith("/respond/") || url.startsWith("/api/respond/");

/** 429 once a counter is over its limit. */
function refuseOver(hits: number, limit: HitLimit, message: string) {
  if (hits > limit.max)
    throw new RateLimitedError(message, secondsLeftInWindow(limit.windowSeconds));
}

/**
 * Runs a route of the employer's link: a live link counts against its own budget, a link
 * that opens nothing (here or inside `work`: expired, its step closed) against the address.
 * Guessing is no concern (a token is 32 random bytes); the limits keep the load down.
 */
async function guarded<T>(
  db: DB,
  request: FastifyRequest,
  token: string,
  work: (link: NonNullable<Awaited<ReturnType<typeof serviceOfToken>>>) => Promise<T>,
): Promise<T> {
  // A request's token ('ir_...', issue 33) opens its information request only.
  const link = isRequestToken(token)
    ? await requestOfToken(db, token)
    : await serviceOfToken(db, token);
  if (link)
    refuseOver(
      await countHit(db, "respond-link", link.id, RESPOND_LINK_LIMIT),
      RESPOND_LINK_LIMIT,
      EmployerMessages.linkBusy,
    );
  try {
    if (!link) throw linkNotFound();
    return await work(link);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      refuseOver(
        await countHit(db, "respond", request.ip, RESPOND_LIMIT),
        RESPOND_LIMIT,
        EmployerMessages.tooManyRequests,
      );
    throw error;
  }
}

/** Serving the employer by link, the service records, and the employer's page (issue 20). */
export function employerRoutes(app: AppInstance): void {
  contactRoutes(app);

  app.addHook("onSend", async (request, reply, payload) => {
    if (isRespondUrl(request.url)) {
      reply.header("referrer-policy", "no-referrer");
      reply.header("x-robots-tag", "noindex, nofollow");
      // The served PDF is downloaded, and sandboxed should a browser show it anyway.
      reply.header(
        "content-security-policy",
        request.routeOptions.url === "/api/respond/:token/document.pdf"
          ? `${RESPOND_CSP}; sandbox`
          : RESPOND_CSP,
      );
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    }
    return payload;
  });

  serviceRoutes(app);
  respondReadRoutes(app);
  respondAnswerRoutes(app);
}

/** Serving a grievance on the employer (its case file and link), and the services made. */
function serviceRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;
  const caseFiles = caseFilePool(app);
  app.post(
    "/api/grievances/:id/serve",
    {
      config: { access: "update:grievance" },
      schema: { params: ZId, body: ZServeInput, response: { 201: ZGrievance } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Serving makes the grievant's case file: it counts like a download.
      await assertCaseFileRate(db, user.id);
      const ctx = { ...actionContext(app, request), storage, language: user.language, caseFiles };
      await serveGrievance(ctx, request.params.id, request.body).catch((error) => {
        throw retryLater(reply, error);
      });
      return reply
        .status(201)
        .send(await grievanceDetail(db, ctx.tenant, request.params.id, ctx.now));
    },
  );

  app.get(
    "/api/grievances/:id/services",
    {
      config: { access: "update:grievance" },
      schema: { params: ZId, response: { 200: ZServiceList } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const g = await findVisible(trx, visibilityOf(tenant), request.params.id);
        if (!g) throw notFound("Grievance Not Found");
        return {
          items: await listServices(trx, tenant.organizationId, g, now(app)),
        };
      });
    },
  );
}

/** The employer's link: what it shows, and the served document. */
function respondReadRoutes(app: AppInstance): void {
  const { db, storage } = app.deps;
  app.get(
    "/api/respond/:token",
    {
      config: { access: "public" },
      schema: {
        params: ZToken,
        response: { 200: z.union([ZRespondView, ZInformationRespondView]) },
      },
    },
    async (request) =>
      guarded(
        db,
        request,
        request.params.token,
        (): Promise<TRespondView | TInformationRespondView> =>
          isRequestToken(request.params.token)
            ? readRequestLink(db, request.params.token, now(app))
            : readService(db, request.params.token, now(app), requestLanguage(request.headers)),
      ),
  );

  app.get(
    "/api/respond/:token/document.pdf",
    { config: { access: "public" }, schema: { params: ZToken } },
    async (request, reply) => {
      const token = request.params.token;
      if (isRequestToken(token)) {
        const letter = await guarded(db, request, token, () =>
          letterOfLink(db, token, now(app), requestLanguage(request.headers)),
        );
        return reply
          .type("application/pdf")
          .header(
            "content-disposition",
            contentDisposition("attachment", `information-request-${letter.grievanceId}`, "pdf"),
          )
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .send(letter.bytes);
      }
      const { doc, stored } = await guarded(db, request, token, async () => {
        const doc = await servedDocument(db, token, now(app));
        return { doc, stored: await storage.get(doc.key) };
      });
      if (!stored) throw notFound("Document Not Found");
      return reply
        .type("application/pdf")
        .header("content-length", stored.size)
        .header(
          "content-disposition",
          contentDisposition("attachment", `grievance-${doc.grievanceId}`, "pdf"),
        )
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(stored.stream);
    },
  );
}

/** The employer's answer through the link. */
function respondAnswerRoutes(app: AppInstance): void {
  app.post(
    "/api/respond/:token",
    {
      config: { access: "public" },
      schema: {
        params: ZToken,
        // JSON as below, or multipart/form-data with the same fields and up to five files
        // (no JSON body then; the fields are checked against the same schema below).
        // JSON `{decision, text}` for a grievance's token, `{items}` for a request's (issue
        // 33): each is checked against its own schema by its handler.
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: z.union([ZRespondView, ZInformationRespondView]) },
      },
    },
    async (request) => {
      const token = request.params.token;
      return isRequestToken(token)
        ? answerRequestToken(app, request, token)
        : answerServiceLink(app, request, token);
    },
  );
}

/**
 * POST /api/respond/{grievance token}: JSON `{decision, text}`, or multipart with the same
 * fields and up to five files.
 */
async function answerServiceLink(app: AppInstance, request: FastifyRequest, token: string) {
  const { db, storage } = app.deps;
  // The link first: nothing is read or stored for a link that opens nothing.
  const link = await guarded(db, request, token, async (found) => {
    await readService(db, token, now(app));
    return found;
  });
  const fields: Record<string, unknown> = {};
  const uploads: { name: string; data: Buffer }[] = [];
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({
        limits: { files: RESPOND_FILES.max, fileSize: RESPOND_FILES.bytes, fields: 5 },
      })) {
        if (part.type === "file") {
          const data = await part.toBuffer();
          if (data.length > 0) uploads.push({ name: part.filename || "attachment", data });
        } else if (part.fieldname === "decision" || part.fieldname === "text") {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(413, "PAYLOAD_TOO_LARGE", "Each file can be at most 10 MB.");
      if (code === "FST_FILES_LIMIT")
        throw new AppError(413, "PAYLOAD_TOO_LARGE", "Attach at most 5 files.");
      throw error;
    }
  } else if (request.body && typeof request.body === "object") {
    Object.assign(fields, request.body);
  }
  const parsed = ZRespondInput.safeParse(fields);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      problems[String(issue.path[0] ?? "body")] ??= issue.message;
    const first = Object.values(problems)[0] ?? "Invalid request";
    throw new AppError(400, "VALIDATION_FAILED", first, problems);
  }
  const files = await storeUploads(app, link.organizationId, uploads);
  try {
    await answerService(
      { db, appUrl: app.deps.env.APP_URL, now: now(app) },
      token,
      parsed.data as TRespondInput,
      files,
    );
  } catch (error) {
    for (const f of files) await storage.delete(f.storageKey).catch(() => undefined);
    throw error;
  }
  return readService(db, token, now(app), requestLanguage(request.headers));
}

/**
 * POST /api/respond/{request token}: JSON `{items: [{id, state, note}]}`, or multipart with
 * that JSON in an `items` field and files named `item:<itemId>` (up to five of 10 MB).
 */
async function answerRequestToken(app: AppInstance, request: FastifyRequest, token: string) {
  const { db, storage } = app.deps;
  const link = await guarded(db, request, token, async (found) => {
    await readRequestLink(db, token, now(app));
    return found;
  });
  let items: unknown;
  const uploads: { name: string; data: Buffer; itemId: string }[] = [];
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts({
        limits: { files: RESPOND_FILES.max, fileSize: RESPOND_FILES.bytes, fields: 5 },
      })) {
        if (part.type === "file") {
          const data = await part.toBuffer();
          const itemId = /^item:([0-9a-f-]{36})$/i.exec(part.fieldname)?.[1];
          if (!itemId)
            throw new AppError(400, "VALIDATION_FAILED", "Name each file's item.", {
              files: "Name each file's item.",
            });
          if (data.length > 0) uploads.push({ name: part.filename || "attachment", data, itemId });
        } else if (part.fieldname === "items") {
          try {
            items = JSON.parse(String(part.value));
          } catch {
            items = null;
          }
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(413, "PAYLOAD_TOO_LARGE", "Each file can be at most 10 MB.");
      if (code === "FST_FILES_LIMIT")
        throw new AppError(413, "PAYLOAD_TOO_LARGE", "Attach at most 5 files.");
      throw error;
    }
  } else if (request.body && typeof request.body === "object") {
    items = (request.body as { items?: unknown }).items;
  }
  // Multipart fields skip the JSON body's guards: the same check here (NUL, half emoji).
  const broken = inspectJson({ items, files: uploads.map((u) => u.name) });
  if (broken)
    throw new AppError(400, "VALIDATION_FAILED", broken.message, {
      [broken.field ?? "items"]: broken.message,
    });
  let input: { items: { id: string; state: string; note: string }[] } | null = null;
  if (items !== undefined || uploads.length === 0) {
    const parsed = ZRespondItemsInput.safeParse({ items });
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message ?? "Invalid request";
      throw new AppError(400, "VALIDATION_FAILED", first, { items: first });
    }
    input = parsed.data;
  }
  const stored = await storeUploads(app, link.organizationId, uploads);
  const files: RequestFile[] = stored.map((f, i) => ({
    ...f,
    itemId: uploads[i]?.itemId ?? "",
    sha256: createHash("sha256")
      .update(uploads[i]?.data ?? Buffer.alloc(0))
      .digest("hex"),
  }));
  try {
    await answerRequestLink(
      db,
      token,
      now(app),
      input as Parameters<typeof answerRequestLink>[3],
      files,
    );
  } catch (error) {
    for (const f of files) await storage.delete(f.storageKey).catch(() => undefined);
    throw error;
  }
  return readRequestLink(db, token, now(app));
}

/** Checks and stores the employer's files before the answer is recorded (no orphans after). */
async function storeUploads(
  app: AppInstance,
  organizationId: string,
  uploads: { name: string; data: Buffer }[],
): Promise<ServedFile[]> {
  const { db, storage } = app.deps;
  if (uploads.length === 0) return [];
  const typed = uploads.map((u) => {
    const fileType = detectFileType(u.data);
    if (!fileType)
      throw new AppError(
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "Attach a PDF, an image, or a Word or Excel file.",
      );
    return { ...u, fileType };
  });
  for (const u of typed) await assertImageSize(u.data, u.fileType);
  await assertStorageLeft(
    db,
    organizationId,
    typed.reduce((n, u) => n + u.data.length, 0),
    app.deps.env.ORG_STORAGE_QUOTA_MB,
  );
  const stored: ServedFile[] = [];
  for (const u of typed) {
    const mime = FILE_TYPES[u.fileType].contentType;
    const key = attachmentKey(organizationId, u.fileType);
    await storage.put(key, u.data, mime);
    stored.push({
      name: u.name.replace(/[\\/]/g, "_").slice(0, 200),
      contentType: mime,
      size: u.data.length,
      storageKey: key,
    });
  }
  return stored;
}
