import type { FastifyError, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { TApiError, TErrorCode } from "../../shared/schemas/errors.ts";
import type { AppInstance } from "../app.ts";
import { AppError, RateLimitedError, UnavailableError } from "../lib/errors.ts";
import { weekdayDay } from "../lib/i18n/days.ts";
import { type Language, messageIn, requestLanguage } from "../lib/i18n/index.ts";
import { validationMessage } from "../lib/i18n/validation.ts";

/**
 * The language of an error answer (issue 22): the signed-in user's, else the visitor's (the
 * switcher's cookie, else Accept-Language). Messages are written in English and translated
 * here, once for the whole API: English answers are exactly the English messages.
 */
const languageOf = (request: FastifyRequest): Language =>
  request.user?.language ?? requestLanguage(request.headers);

function translated(language: Language) {
  return (
    code: TErrorCode,
    message: string,
    fields?: Record<string, string>,
    days?: Record<string, string>,
  ): TApiError => {
    const t = (text: string) =>
      messageIn(language, text).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
        const day = days?.[name];
        return day ? weekdayDay(language, day) : whole;
      });
    return {
      error: fields
        ? {
            code,
            message: t(message),
            fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, t(v)])),
          }
        : { code, message: t(message) },
    };
  };
}

/** Fastify's own errors we answer with a clear 4xx instead of a generic 500. */
const FASTIFY_CODES: Record<string, [number, TErrorCode, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "VALIDATION_FAILED", "The request body is empty."],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "VALIDATION_FAILED", "The request body is not valid JSON."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    "This content type is not supported.",
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    "VALIDATION_FAILED",
    "The request body length is wrong.",
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "PAYLOAD_TOO_LARGE", "The request is too large."],
  FST_REQ_FILE_TOO_LARGE: [413, "PAYLOAD_TOO_LARGE", "The file is too large."],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    "Send the upload as multipart/form-data.",
  ],
  FST_PARTS_LIMIT: [413, "PAYLOAD_TOO_LARGE", "The upload has too many parts."],
  FST_FILES_LIMIT: [413, "PAYLOAD_TOO_LARGE", "Send one file at a time."],
  FST_FIELDS_LIMIT: [413, "PAYLOAD_TOO_LARGE", "The upload has too many fields."],
};

/** What busboy says about a multipart body that is cut short or malformed: the client's fault. */
const MALFORMED_UPLOAD =
  /^(Unexpected end of (form|file|multipart data)|Multipart: Boundary not found|Malformed part header|Malformed urlencoded form)/;

/** When a busy server tells the client to come back (seconds). */
export const BUSY_RETRY_AFTER_SECONDS = 5;
export const BUSY_MESSAGE =
  "The server is too busy to answer this right now. Please try again in a few seconds.";

/**
 * The database gave up on the request because the server is overloaded, not because the
 * request is wrong: PostgreSQL cancelled the statement at its statement_timeout (57014, the
 * role's 3 s; STATEMENT_TIMEOUT_MS), or no pooled connection came free in time (pg-pool's
 * `connectionTimeoutMillis`, POOL_WAIT_MS). Answered 503 with Retry-After, not 500.
 */
export function isOverloaded(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === "57014") return true;
  return (
    typeof e?.message === "string" &&
    (e.message === "timeout exceeded when trying to connect" ||
      e.message === "Connection terminated due to connection timeout")
  );
}

/** One error handler for the whole API: the error shape of DESIGN.md; 5xx never shows internals. */
export function registerErrorHandling(app: AppInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);
    const body = translated(language);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[key] ??= validationMessage(language, {
          code: issue.keyword,
          message: issue.message ?? "Invalid value",
          params: issue.params,
        });
      }
      const first = Object.values(fields)[0] ?? "Invalid request";
      return reply.status(400).send(body("VALIDATION_FAILED", first, fields));
    }
    if (error instanceof RateLimitedError || error instanceof UnavailableError)
      reply.header("retry-after", error.retryAfterSeconds);
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(body(error.code, error.message, error.fields, error.days));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[1], known[2]));
    if (MALFORMED_UPLOAD.test(error.message ?? "")) {
      return reply
        .status(400)
        .send(
          body("VALIDATION_FAILED", "The upload is malformed or incomplete. Please try again."),
        );
    }
    if (error.statusCode === 429) {
      // Every 429 says when to come back (issue 14); limiters that know it set it already.
      if (!reply.hasHeader("retry-after")) reply.header("retry-after", 60);
      return reply
        .status(429)
        .send(body("RATE_LIMITED", "Too many requests. Please wait a minute and try again."));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body("VALIDATION_FAILED", error.message));
    }
    if (isOverloaded(error)) {
      // Worth a look (which route, how often) but not a bug in the request.
      request.log.warn({ err: error, url: request.url }, "database too busy: answered 503");
      return reply
        .status(503)
        .header("retry-after", BUSY_RETRY_AFTER_SECONDS)
        .send(body("UNAVAILABLE", BUSY_MESSAGE));
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send(body("INTERNAL", "Something went wrong on our side. Please try again."));
  });
}
