import type { DB } from "../../db/connection.ts";
import { secondsLeftInWindow } from "../errors.ts";
import { countHit } from "../hit-counter.ts";

/**
 * The sign-in limiter (issue 14), on the product's one rate counter (lib/hit-counter.ts):
 * counted in PostgreSQL so every instance shares it, refused from memory in a flood.
 *
 * - Only the endpoints an attacker would hammer are limited; reading one's own session
 *   (get-session) never is, so page loads cannot sign anyone out.
 * - Each attempt counts against the account and the address together: 200 members on a
 *   union hall's Wi-Fi share one address but not one counter. A wider cap per address (30
 *   times the per-account limit) still stops one address trying many accounts.
 * - Windows are fixed (they start on the minute and end), so a refused client knows when it
 *   may try again: the answer carries `Retry-After`.
 */
export const LIMITED_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/change-password",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
] as const;

const WINDOW_SECONDS = 60;
/** The per-address cap, as a multiple of the per-account limit. */
export const ADDRESS_FACTOR = 30;

export interface AttemptRequest {
  path: string;
  ip: string;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  cookies: string;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function cookieValue(cookies: string, suffix: string): string {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name?.endsWith(suffix)) return rest.join("=");
  }
  return "";
}

/** What the attempt is about: the account's email, the emailed token, or the sign-in step. */
export function accountOf(request: AttemptRequest): string {
  const { path, body, query } = request;
  const text = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : "");
  if (typeof body.email === "string") return `email:${text(body.email)}`;
  if (path === "/reset-password" && typeof body.token === "string") return `token:${body.token}`;
  if (path === "/verify-email" && typeof query.token === "string") return `token:${query.token}`;
  if (path.startsWith("/two-factor/")) return `2fa:${cookieValue(request.cookies, "two_factor")}`;
  if (path === "/change-password")
    return `session:${cookieValue(request.cookies, "session_token")}`;
  return "";
}

export function isLimitedPath(path: string): boolean {
  return (LIMITED_PATHS as readonly string[]).includes(path);
}

export function createAuthRateLimiter(db: DB, perMinute: number) {
  const perAccount = { max: perMinute, windowSeconds: WINDOW_SECONDS };
  const perAddress = { max: perMinute * ADDRESS_FACTOR, windowSeconds: WINDOW_SECONDS };

  /** Counts the attempt and says whether it may go ahead. */
  return async function check(request: AttemptRequest): Promise<RateDecision> {
    if (!isLimitedPath(request.path)) return { allowed: true };
    const [account, address] = await Promise.all([
      countHit(
        db,
        `auth-account:${request.path}`,
        `${request.ip}|${accountOf(request)}`,
        perAccount,
      ),
      countHit(db, "auth-address", request.ip, perAddress),
    ]);
    if (account > perAccount.max || address > perAddress.max) {
      return { allowed: false, retryAfterSeconds: secondsLeftInWindow(WINDOW_SECONDS) };
    }
    return { allowed: true };
  };
}
