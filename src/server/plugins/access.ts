import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { can, isPermission, type Permission, type Role } from "../../shared/permissions.ts";
import type { AppInstance } from "../app.ts";
import type { DB } from "../db/connection.ts";
import type { Auth } from "../lib/auth/auth.ts";
import type { AuthCache } from "../lib/auth/auth-cache.ts";
import { createSessionLookup } from "../lib/auth/session-lookup.ts";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
/**
 * Every /api route declares who may call it in `config.access`; the app refuses to start
 * when one does not (a forgotten guard is a start-up error, not a hole).
 *   "public"     anyone
 *   "signedIn"   a signed-in, verified user (with or without an organization)
 *   "member"     a member of an organization, any role
 *   a permission a member whose role holds it (src/shared/permissions.ts)
 */
import { asLanguage, type Language } from "../lib/i18n/index.ts";
import { organizationWriteLock, WRITE_LOCK_MESSAGES } from "../lib/tenancy/write-lock.ts";

export type Access = "public" | "signedIn" | "member" | Permission;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  accountType: "admin" | "member";
  image: string | null;
  twoFactorEnabled: boolean;
  /** What they read the product and their mails in (issue 22). */
  language: Language;
}

/** The organization a request works in, from the session, never from the request. */
export interface Tenant {
  organizationId: string;
  userId: string;
  role: Role;
  requireTwoFactor: boolean;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A write a read-only (canceled, lapsed, archived) organization may still make: taking its data away. */
    whileReadOnly?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule (the cross-tenant test walks it). */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    tenant: Tenant | null;
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

/** The signed-in user of a route that is not "public" (the onRequest hook has checked it). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The tenant of a "member" or permission route (the onRequest hook has checked it). */
export function requireTenant(request: FastifyRequest): Tenant {
  if (!request.tenant) throw forbidden();
  return request.tenant;
}

export const isAccess = (value: unknown): value is Access =>
  value === "public" || value === "signedIn" || value === "member" || isPermission(value);

/** The user's current organization and role there, or null. */
export async function findTenant(db: DB, userId: string): Promise<Tenant | null> {
  const { rows } = await sql<{ organizationId: string; role: Role; requireTwoFactor: boolean }>`
    SELECT organization_id AS "organizationId", role, require_two_factor AS "requireTwoFactor"
    FROM current_membership(${userId})`.execute(db);
  const m = rows[0];
  return m
    ? {
        organizationId: m.organizationId,
        userId,
        role: m.role,
        requireTwoFactor: m.requireTwoFactor,
      }
    : null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a request that changes something and carries cookies must come from the app's own
 * origin. SameSite=Lax cookies still travel from a same-site page (another port, a sibling
 * subdomain), so the browser's Origin (or Sec-Fetch-Site) header decides. A client that sends
 * neither is not a browser, and a cross-site request cannot be forged through it.
 */
export function isCrossSiteWrite(request: FastifyRequest, origins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return !origins.includes(origin);
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin";
}

/**
 * Routes registered from here on must declare access. Both checks run in `onRequest`, before
 * the body is read or validated: a forged or anonymous request learns nothing about a route's
 * fields and costs no parsing.
 */
export function registerAccessControl(
  app: AppInstance,
  auth: Auth,
  db: DB,
  trustedOrigins: readonly string[],
  /** BILLING_MODE=off: no trial runs out and nothing is read-only for want of payment. */
  billingOff = false,
  /** Sessions, memberships and write locks kept for seconds (lib/auth/auth-cache.ts). */
  cache?: AuthCache,
): void {
  app.decorateRequest("user", null);
  app.decorateRequest("tenant", null);

  app.decorate("routeTable", [] as RouteEntry[]);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/auth/")) return;
    const access = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") app.routeTable.push({ method, url: route.url, access });
    }
  });

  const { sessionUser, tokenOf } = createSessionLookup(auth, db, cache);
  const tenantOf = (userId: string) =>
    cache
      ? cache.get(
          "tenants",
          userId,
          () => findTenant(db, userId),
          (t) => (t ? [userId, t.organizationId] : [userId]),
        )
      : findTenant(db, userId);
  const writeLockOf = (organizationId: string) =>
    cache
      ? cache.get(
          "writeLocks",
          organizationId,
          () => organizationWriteLock(db, organizationId),
          () => [organizationId],
        )
      : organizationWriteLock(db, organizationId);
  app.addHook("onRequest", async (request) => {
    if (isCrossSiteWrite(request, trustedOrigins)) {
      throw new AppError(403, "FORBIDDEN", "This request did not come from UnionHall itself.");
    }
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === "public") return;
    const u = await sessionUser(toFetchHeaders(request));
    if (!u?.emailVerified) throw unauthenticated();
    request.user = {
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      accountType: u.accountType === "admin" ? "admin" : "member",
      image: u.image ?? null,
      twoFactorEnabled: u.twoFactorEnabled === true,
      language: asLanguage(u.language),
    };
    if (access === "signedIn") return;

    const tenant = await tenantOf(u.id);
    if (!tenant) {
      throw new AppError(403, "FORBIDDEN", "Join or create an organization first.");
    }
    // An organization that requires two-factor sign-in opens to no one without it.
    if (tenant.requireTwoFactor && !request.user.twoFactorEnabled) {
      throw new AppError(
        403,
        "FORBIDDEN",
        "Your organization requires two-factor sign-in. Turn it on in your profile to continue.",
      );
    }
    if (access !== "member" && !can(tenant.role, access)) {
      throw forbidden();
    }
    // Billing (issue 8): a canceled or lapsed organization is read-only for 30 days, then
    // archived. Reads stay open, and so do the billing routes, so that an admin can pay again.
    if (
      !billingOff &&
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      access !== "manage:billing" &&
      request.routeOptions.config?.whileReadOnly !== true
    ) {
      const lock = await writeLockOf(tenant.organizationId);
      if (lock) throw new AppError(403, "FORBIDDEN", WRITE_LOCK_MESSAGES[lock]);
    }
    request.tenant = { ...tenant };
  });

  // Other instances hear of a change by NOTIFY (migration 0070); this one forgets what a write
  // may have changed before its answer leaves, so the caller's next request never sees the
  // old session, role or lock, however the notice and that request race.
  if (cache) {
    app.addHook("onSend", async (request) => {
      // Verification links are GETs that write (the email becomes verified).
      if (SAFE_METHODS.has(request.method) && !request.url.startsWith("/api/auth/")) return;
      if (request.user) cache.invalidate(request.user.id);
      if (request.tenant) cache.invalidate(request.tenant.organizationId);
      const token = await tokenOf(request.headers.cookie ?? null);
      if (token) cache.invalidateOwnersOf("sessions", token);
    });
  }
}
