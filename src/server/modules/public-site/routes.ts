import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { getWebsitePackage, isPackageId } from "../../../shared/plans.ts";
import { ZPackageId } from "../../../shared/schemas/pricing.ts";
import {
  ContactTopicLabels,
  PublicSiteMessages,
  ZAccessGateGranted,
  ZAccessGateRequest,
  ZContactRequest,
  ZFoundersApplication,
  ZSiteInfo,
  ZSubmitted,
} from "../../../shared/schemas/public-site.ts";
import {
  SetupMessages,
  setupDetailsSchema,
  ZSetupAnswer,
  ZSetupRequestBody,
} from "../../../shared/schemas/website-setup.ts";
import { setupFields } from "../../../shared/website-setup.ts";
import type { AppInstance } from "../../app.ts";
import { DEFAULT_SALES_EMAIL } from "../../env.ts";
import { AppError, notFound, RateLimitedError, secondsLeftInWindow } from "../../lib/errors.ts";
import { countHit } from "../../lib/hit-counter.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { findTenant, requireUser, toFetchHeaders } from "../../plugins/access.ts";
import { hasPurchasedPackage, latestPackagePurchase } from "../billing/index.ts";
import { contactMail, foundersMail, setupMail } from "./mails.ts";
import { registerPageMeta } from "./page-meta.ts";
import { findSetupRequest, insertInquiry, upsertSetupRequest } from "./repo.ts";
import { grantSiteAccess, hasSiteAccess } from "./site-access.ts";

/** Attempts at the access gate per client address and window (product-decisions.md 23). */
export const GATE_LIMIT = { max: 5, windowSeconds: 15 * 60 };
/** Contact and Founders submissions per client address and window. */
export const FORM_LIMIT = { max: 5, windowSeconds: 60 * 60 };
/** Set-up intake saves per user and window (each one mails the sales team). */
export const SETUP_LIMIT = { max: 20, windowSeconds: 60 * 60 };

const sameCode = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const rateLimited = (message: string, limit: { windowSeconds: number }) =>
  new RateLimitedError(message, secondsLeftInWindow(limit.windowSeconds));

/** Read on every request: the configuration is the app's, not a copy taken at start-up. */
const salesEmailOf = (app: AppInstance) => app.deps.env.SALES_EMAIL ?? DEFAULT_SALES_EMAIL;

/** The signed-in user, if any, on a public route (links a request to its account). */
async function optionalUserId(app: AppInstance, request: FastifyRequest): Promise<string | null> {
  if (!request.headers.cookie) return null;
  const session = await app.deps.auth.api.getSession({ headers: toFetchHeaders(request) });
  return session?.user.emailVerified ? session.user.id : null;
}

export function publicSiteRoutes(app: AppInstance): void {
  const accessCode = () => app.deps.env.SITE_ACCESS_CODE;

  app.get(
    "/api/site-info",
    { config: { access: "public" }, schema: { response: { 200: ZSiteInfo } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const code = accessCode();
      // The gate stands until this visitor has entered the code (it has a pass then).
      return {
        accessGate: code !== undefined && !hasSiteAccess(request, code),
        salesEmail: salesEmailOf(app),
        billing: app.deps.env.BILLING_MODE ?? (app.deps.env.STRIPE_SECRET_KEY ? "stripe" : "test"),
      };
    },
  );

  // Whether the visitor is signed in, without a 401: the public pages ask before a purchase.
  app.get(
    "/api/viewer",
    {
      config: { access: "public" },
      schema: { response: { 200: z.object({ signedIn: z.boolean() }) } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { signedIn: (await optionalUserId(app, request)) !== null };
    },
  );

  app.post(
    "/api/access-gate",
    {
      config: { access: "public" },
      schema: { body: ZAccessGateRequest, response: { 200: ZAccessGateGranted } },
    },
    async (request, reply) => {
      const code = accessCode();
      if (code === undefined) throw notFound(PublicSiteMessages.accessGateOff);
      // Every attempt counts, right or wrong: parallel guesses cannot slip past the limit.
      const hits = await countHit(app.deps.db, "access-gate", request.ip, GATE_LIMIT);
      if (hits > GATE_LIMIT.max) throw rateLimited(PublicSiteMessages.tooManyAttempts, GATE_LIMIT);
      if (!sameCode(request.body.code.trim(), code)) {
        throw new AppError(403, "FORBIDDEN", PublicSiteMessages.accessDenied);
      }
      grantSiteAccess(reply, code, app.deps.env.APP_URL.startsWith("https://"));
      return { granted: true as const, redirectTo: "/home" };
    },
  );

  inquiryRoutes(app);
  websiteSetupRoutes(app);
}

/** The forms that write to the local's sales: contact and founders' applications. */
function inquiryRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.post(
    "/api/contact",
    {
      config: { access: "public" },
      schema: { body: ZContactRequest, response: { 201: ZSubmitted } },
    },
    async (request, reply) => {
      const hits = await countHit(app.deps.db, "contact", request.ip, FORM_LIMIT);
      if (hits > FORM_LIMIT.max) throw rateLimited(PublicSiteMessages.tooManyRequests, FORM_LIMIT);
      const body = request.body;
      const stored = await insertInquiry(db, {
        kind: "contact",
        name: body.name,
        email: body.email,
        organization: body.organization,
        message: body.message,
        details: { topic: body.topic },
        userId: await optionalUserId(app, request),
      });
      await enqueueMail(app.deps.db, {
        to: salesEmailOf(app),
        ...contactMail({
          ...body,
          topicLabel: ContactTopicLabels[body.topic],
          enterprise: body.topic === "enterprise",
        }),
      });
      return reply
        .status(201)
        .send({ id: String(stored.id), createdAt: new Date(stored.createdAt).toISOString() });
    },
  );

  app.post(
    "/api/founders-applications",
    {
      config: { access: "public" },
      schema: { body: ZFoundersApplication, response: { 201: ZSubmitted } },
    },
    async (request, reply) => {
      const hits = await countHit(app.deps.db, "founders", request.ip, FORM_LIMIT);
      if (hits > FORM_LIMIT.max) throw rateLimited(PublicSiteMessages.tooManyRequests, FORM_LIMIT);
      const body = request.body;
      const stored = await insertInquiry(db, {
        kind: "founders",
        name: body.name,
        email: body.email,
        organization: body.organization,
        message: body.message,
        details: { role: body.role, memberCount: body.memberCount },
        userId: await optionalUserId(app, request),
      });
      await enqueueMail(app.deps.db, { to: salesEmailOf(app), ...foundersMail(body) });
      return reply
        .status(201)
        .send({ id: String(stored.id), createdAt: new Date(stored.createdAt).toISOString() });
    },
  );
}

/** A website package's set-up request: read and saved. */
function websiteSetupRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const ZPackageParams = z.object({ packageId: ZPackageId });
  const toAnswer = (row: {
    packageId: string;
    details: Record<string, string>;
    submittedAt: Date;
    updatedAt: Date;
  }) => ({
    packageId: row.packageId,
    details: row.details,
    submittedAt: new Date(row.submittedAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  });

  app.get(
    "/api/website-setup/:packageId",
    {
      config: { access: "signedIn" },
      schema: { params: ZPackageParams, response: { 200: ZSetupAnswer } },
    },
    async (request) => {
      const user = requireUser(request);
      const { packageId } = request.params;
      const row = await findSetupRequest(db, user.id, packageId);
      const tenant = await findTenant(app.deps.db, user.id);
      const purchase = isPackageId(packageId)
        ? await latestPackagePurchase(
            app.deps.db,
            user.id,
            tenant?.organizationId ?? null,
            packageId,
          )
        : null;
      return { request: row ? toAnswer(row) : null, purchase };
    },
  );

  app.put(
    "/api/website-setup/:packageId",
    {
      config: { access: "signedIn" },
      schema: { params: ZPackageParams, body: ZSetupRequestBody, response: { 200: ZSetupAnswer } },
    },
    async (request) => {
      const user = requireUser(request);
      const { packageId } = request.params;
      if (!isPackageId(packageId)) throw notFound();
      // Details (and a mail to sales) only for a package that was bought.
      const tenant = await findTenant(app.deps.db, user.id);
      if (
        !(await hasPurchasedPackage(
          app.deps.db,
          user.id,
          tenant?.organizationId ?? null,
          packageId,
        ))
      ) {
        throw notFound(SetupMessages.notPurchased);
      }
      const parsed = setupDetailsSchema(packageId).safeParse(request.body.details);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = `details.${issue.path.join(".") || "details"}`;
          fields[key] ??= issue.message;
        }
        const first = Object.values(fields)[0] ?? "Invalid request";
        throw new AppError(400, "VALIDATION_FAILED", first, fields);
      }
      const hits = await countHit(app.deps.db, "website-setup", user.id, SETUP_LIMIT);
      if (hits > SETUP_LIMIT.max)
        throw rateLimited(PublicSiteMessages.tooManyRequests, SETUP_LIMIT);

      const details = parsed.data as Record<string, string>;
      const saved = await upsertSetupRequest(db, user.id, packageId, details);
      const purchase = await latestPackagePurchase(
        app.deps.db,
        user.id,
        tenant?.organizationId ?? null,
        packageId,
      );
      await enqueueMail(app.deps.db, {
        to: salesEmailOf(app),
        ...setupMail({
          packageName: getWebsitePackage(packageId).name,
          buyerName: user.name,
          buyerEmail: user.email,
          created: saved.created,
          fields: setupFields(packageId).map((f) => ({
            label: f.label,
            value: details[f.name] ?? "",
            long: f.type === "textarea",
          })),
        }),
      });
      return { request: toAnswer(saved), purchase };
    },
  );

  registerPageMeta(app, app.deps.webDir);
}
