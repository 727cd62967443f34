import type { TErrorCode } from "../../shared/schemas/errors.ts";

/** Thrown by services; the error handler turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /**
     * Days the message names as `{{name}}` (YYYY-MM-DD), written in the reader's language when
     * the answer is sent ('Thu 26 Nov 2026', 'jue, 26 de nov de 2026'; issue 30).
     */
    readonly days?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const unauthenticated = () =>
  new AppError(401, "UNAUTHENTICATED", "Please sign in to continue.");
export const forbidden = () =>
  new AppError(403, "FORBIDDEN", "You don't have permission to access this page.");

/** A 429: the answer carries `Retry-After` (the seconds until the limit's window ends). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "RATE_LIMITED", message);
  }
}

/** A 503: the server cannot answer now; the answer carries `Retry-After` (seconds). */
export class UnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, "UNAVAILABLE", message);
  }
}

/** Seconds left in the current fixed window of `windowSeconds` (windows start at epoch multiples). */
export function secondsLeftInWindow(windowSeconds: number, now = Date.now()): number {
  const windowMs = windowSeconds * 1000;
  return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
}
