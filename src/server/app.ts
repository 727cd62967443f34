import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Logger } from "pino";
import type { DB } from "./db/connection.ts";
import type { Env } from "./env.ts";
import type { Auth } from "./lib/auth/auth.ts";
import type { AuthCache } from "./lib/auth/auth-cache.ts";
import { DEV_WEB_ORIGINS } from "./lib/auth/from-env.ts";
import type { EventHub } from "./lib/events/hub.ts";
import type { Metrics } from "./lib/metrics.ts";
import type { Storage } from "./lib/storage/storage.ts";
import { announcementRoutes } from "./modules/announcements/routes.ts";
import { articleRoutes } from "./modules/articles/routes.ts";
import { billingRoutes } from "./modules/billing/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { deadlineRoutes } from "./modules/deadlines/routes.ts";
import { devMailboxRoutes } from "./modules/dev-mailbox/routes.ts";
import { directoryRoutes } from "./modules/directory/routes.ts";
import { documentRoutes } from "./modules/documents/routes.ts";
import { employerRoutes } from "./modules/employer/routes.ts";
import { exportRoutes } from "./modules/exports/routes.ts";
import { grievanceRoutes } from "./modules/grievances/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { informationRequestRoutes } from "./modules/information-requests/routes.ts";
import { insightRoutes } from "./modules/insights/routes.ts";
import { liveRoutes } from "./modules/live/routes.ts";
import { meRoutes } from "./modules/me/routes.ts";
import { organizationRoutes } from "./modules/organizations/routes.ts";
import { pricingRoutes } from "./modules/pricing/routes.ts";
import { procedureRoutes } from "./modules/procedure/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { publicSiteRoutes } from "./modules/public-site/routes.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { rosterRoutes } from "./modules/roster/routes.ts";
import { registerAccessControl } from "./plugins/access.ts";
import { registerAuthRoutes } from "./plugins/auth-routes.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import {
  DEFAULT_TIMEOUTS,
  type RequestTimeouts,
  registerJsonGuards,
  registerNoStore,
  registerRequestTimeout,
} from "./plugins/hardening.ts";
import { registerIdempotency } from "./plugins/idempotency.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSpa } from "./plugins/spa.ts";

export interface AppDeps {
  env: Pick<Env, "APP_URL" | "isProduction" | "SMTP_URL"> &
    Partial<
      Pick<
        Env,
        | "SITE_ACCESS_CODE"
        | "SALES_EMAIL"
        | "TRUST_PROXY"
        | "STRIPE_SECRET_KEY"
        | "STRIPE_WEBHOOK_SECRET"
        | "STRIPE_API_BASE"
        | "BILLING_MODE"
        | "ORG_STORAGE_QUOTA_MB"
        | "CASE_FILE_WORKERS"
        | "CASE_FILE_MEMORY_MB"
        | "METRICS_TOKEN"
      >
    >;
  db: DB;
  auth: Auth;
  log: Logger;
  /** Uploaded files (avatars, documents, attachments). */
  storage: Storage;
  /** Live grievance changes from every server instance (LISTEN/NOTIFY). */
  events: EventHub;
  /** Sessions and memberships kept for seconds, dropped on change (LISTEN/NOTIFY). */
  authCache?: AuthCache;
  /** How often an open event stream checks its listener's rights (tests shorten it). */
  streamRecheckMs?: number;
  /** How long a request may take to arrive (tests shorten it). */
  timeouts?: RequestTimeouts;
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
  /** The clock deadlines are judged by; tests set it, the server uses the real time. */
  now?: () => Date;
  /** Prometheus metrics (lib/metrics.ts); request durations are recorded when given. */
  metrics?: Metrics;
  /** Whether mail can leave now, for /api/ready (the transport's verify). */
  checkMail?: () => Promise<void>;
  /**
   * The case-file worker's module when not the one beside this code: the API tests give the
   * one built with the test server (dist/test-server), which starts in half the CPU time of its
   * TypeScript source under tsx.
   */
  caseFileWorker?: URL;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Builds the whole HTTP app without listening: plugins in a fixed order, then the modules. */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    // Behind a reverse proxy (TRUST_PROXY=true) the client address comes from X-Forwarded-For.
    trustProxy: deps.env.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);

  // 1. Cross-cutting plugins.
  registerRequestTimeout(app, deps.timeouts ?? DEFAULT_TIMEOUTS);
  // HSTS and upgrade-insecure-requests only make sense, and only do no harm, over https: on a
  // plain-http APP_URL they would break every asset and pin browsers to a port with no TLS.
  const https = new URL(deps.env.APP_URL).protocol === "https:";
  // helmet's middleware, built once: @fastify/helmet builds it again on every request (its
  // per-route options), which was 3% of the server's busy time under load (issue 15).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // Durations by the route's pattern (`/api/grievances/:id`), never the raw URL.
  const { metrics } = deps;
  if (metrics) {
    app.addHook("onResponse", (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? "unmatched",
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  registerNoStore(app);
  registerJsonGuards(app);
  // Answers over 1 kB go out brotli or gzip compressed when the client accepts it. Quality 4:
  // close to the best ratio on JSON at a fraction of brotli's default (11) CPU. Built files come
  // pre-compressed (plugins/spa.ts) and are passed through as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Uploads: one file per request; each route sets its own, smaller size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 25 * 1024 * 1024 } });
  registerErrorHandling(app);
  const origin = new URL(deps.env.APP_URL).origin;
  registerAccessControl(
    app,
    deps.auth,
    deps.db,
    [origin, ...(deps.env.isProduction ? [] : DEV_WEB_ORIGINS)],
    deps.env.BILLING_MODE === "off",
    deps.authCache,
  );
  registerIdempotency(app, deps.db);
  await registerOpenApi(app, deps.env.APP_URL);

  // 2. Auth, then the feature modules.
  registerAuthRoutes(app, deps.auth, deps.env.APP_URL);
  healthRoutes(app);
  meRoutes(app);
  profileRoutes(app);
  grievanceRoutes(app);
  dashboardRoutes(app);
  liveRoutes(app);
  employerRoutes(app);
  informationRequestRoutes(app);
  deadlineRoutes(app);
  reportRoutes(app);
  insightRoutes(app);
  organizationRoutes(app);
  exportRoutes(app);
  procedureRoutes(app);
  articleRoutes(app);
  directoryRoutes(app);
  rosterRoutes(app);
  documentRoutes(app);
  announcementRoutes(app);
  // BILLING_MODE=off: no plans to show and nothing to buy (decision 013).
  if (deps.env.BILLING_MODE !== "off") pricingRoutes(app);
  publicSiteRoutes(app);
  if (deps.env.BILLING_MODE !== "off") billingRoutes(app, deps.env);
  if (!deps.env.isProduction && !deps.env.SMTP_URL) devMailboxRoutes(app);

  // 3. The web app and the 404s, last.
  await registerSpa(app, deps.webDir);
  return app;
}
