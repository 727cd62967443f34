import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The pass a visitor gets for entering the right access code (issue 14: the gate guards every
 * public page, not only `/`). An HttpOnly cookie holding an HMAC of a fixed text under the
 * code: only someone who knew the code has it, and changing the code withdraws every pass.
 */
const COOKIE = "unionhall_site_access";
const MAX_AGE_SECONDS = 30 * 24 * 3600;

const passFor = (code: string) =>
  createHmac("sha256", code).update("unionhall-site-access").digest("base64url");

export function hasSiteAccess(request: FastifyRequest, code: string): boolean {
  const header = request.headers.cookie ?? "";
  const value = header
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === COOKIE)?.[1];
  if (!value) return false;
  const expected = Buffer.from(passFor(code));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function grantSiteAccess(reply: FastifyReply, code: string, secure: boolean): void {
  reply.header(
    "set-cookie",
    `${COOKIE}=${passFor(code)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure ? "; Secure" : ""}`,
  );
}
