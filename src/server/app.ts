import helmet from "@fastify/helmet";
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
import type { Logger } from "pino";
import type { DB } from "./db/connection.ts";
import type { Env } from "./env.ts";
import type { Auth } from "./lib/auth/auth.ts";
import type { EventHub } from "./lib/events/hub.ts";
import type { Storage } from "./lib/storage/storage.ts";
import { announcementRoutes } from "./modules/announcements/routes.ts";
import { billingRoutes } from "./modules/billing/routes.ts";
import { devMailboxRoutes } from "./modules/dev-mailbox/routes.ts";
import { directoryRoutes } from "./modules/directory/routes.ts";
import { documentRoutes } from "./modules/documents/routes.ts";
import { grievanceRoutes } from "./modules/grievances/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { meRoutes } from "./modules/me/routes.ts";
import { organizationRoutes } from "./modules/organizations/routes.ts";
import { pricingRoutes } from "./modules/pricing/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { publicSiteRoutes } from "./modules/public-site/routes.ts";
import { registerAccessControl } from "./plugins/access.ts";
import { registerAuthRoutes } from "./plugins/auth-routes.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
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
      >
    >;
  db: DB;
  auth: Auth;
  log: Logger;
  /** Uploaded files (avatars, documents, attachments). */
  storage: Storage;
  /** Live grievance changes from every server instance (LISTEN/NOTIFY). */
  events: EventHub;
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string;
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        "upgrade-insecure-requests": deps.env.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Uploads: one file per request; each route sets its own, smaller size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 25 * 1024 * 1024 } });
  registerErrorHandling(app);
  registerAccessControl(app, deps.auth, deps.db);
  await registerOpenApi(app, deps.env.APP_URL);

  // 2. Auth, then the feature modules.
  registerAuthRoutes(app, deps.auth, deps.env.APP_URL);
  healthRoutes(app);
  meRoutes(app);
  profileRoutes(app);
  grievanceRoutes(app);
  organizationRoutes(app);
  directoryRoutes(app);
  documentRoutes(app);
  announcementRoutes(app);
  pricingRoutes(app);
  publicSiteRoutes(app);
  billingRoutes(app, deps.env);
  if (!deps.env.isProduction && !deps.env.SMTP_URL) devMailboxRoutes(app);

  // 3. The web app and the 404s, last.
  await registerSpa(app, deps.webDir);
  return app;
}
