import type { FastifyRequest } from "fastify";
import type { AppInstance } from "../app.ts";
import type { Auth } from "../lib/auth/auth.ts";
import { unauthenticated } from "../lib/errors.ts";

/**
 * Every /api route declares who may call it in `config.access`; the app refuses to start
 * when one does not (a forgotten guard is a start-up error, not a hole).
 *   "public"   anyone
 *   "signedIn" a signed-in, verified user
 */
export type Access = "public" | "signedIn";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  accountType: "admin" | "member";
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The signed-in user of a "signedIn" route (the preHandler has checked it). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** Routes registered from here on must declare access; signed-in routes get `request.user`. */
export function registerAccessControl(app: AppInstance, auth: Auth): void {
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/auth/")) return;
    const access = route.config?.access;
    if (access !== "public" && access !== "signedIn") {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
  });

  app.addHook("preHandler", async (request) => {
    const access = request.routeOptions.config.access;
    if (access !== "signedIn") return;
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    if (!session?.user.emailVerified) throw unauthenticated();
    const u = session.user as typeof session.user & { accountType?: string };
    request.user = {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      accountType: u.accountType === "admin" ? "admin" : "member",
    };
  });
}
