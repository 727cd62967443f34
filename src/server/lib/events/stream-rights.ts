import { sql } from "kysely";
import type { Role } from "../../../shared/permissions.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Auth } from "../auth/auth.ts";
import { readCookie, verifiedToken } from "../auth/session-lookup.ts";

/** How often an open stream checks that its listener may still listen. */
export const STREAM_RECHECK_MS = 5_000;

/**
 * What an open event stream may still show: the listener's role now, or null once the session
 * is gone (signed out, revoked, expired) or the person is no longer a member. A stream is
 * opened with the rights of that moment; this keeps it to the rights of every later moment.
 */
export function createStreamRights(auth: Auth, db: DB) {
  const settings = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    secret: ctx.secret,
  }));

  /** The session token of the request that opened the stream. */
  async function tokenOf(cookieHeader: string | undefined): Promise<string | null> {
    const { cookieName, secret } = await settings;
    return verifiedToken(readCookie(cookieHeader ?? null, cookieName), secret);
  }

  async function currentRole(
    token: string,
    organizationId: string,
    userId: string,
  ): Promise<Role | null> {
    const { rows } = await withTenant(db, organizationId, (trx) =>
      sql<{ role: Role }>`
        SELECT m.role FROM sessions s
        JOIN memberships m ON m.user_id = s.user_id AND m.organization_id = ${organizationId}
        WHERE s.token = ${token} AND s.user_id = ${userId} AND s.expires_at > now()`.execute(trx),
    );
    return rows[0]?.role ?? null;
  }

  return { tokenOf, currentRole };
}
