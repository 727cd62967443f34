import type { FastifyRequest } from "fastify";
import type { AppInstance } from "../app.ts";
import { AppError } from "../lib/errors.ts";
import { messageIn, requestLanguage } from "../lib/i18n/index.ts";

export interface RequestTimeouts {
  /** Time for a request to arrive in full (headers and body). */
  bodyMs: number;
  /** The same for multipart uploads, which may be large over a slow line. */
  uploadMs: number;
}

export const DEFAULT_TIMEOUTS: RequestTimeouts = { bodyMs: 30_000, uploadMs: 300_000 };

const TIMEOUT_MESSAGE = "The request took too long to arrive. Please try again.";

/** The 408's body, in the visitor's language (issue 22; no one is signed in yet at this point). */
const timeoutBody = (request: FastifyRequest) =>
  JSON.stringify({
    error: {
      code: "TIMEOUT",
      message: messageIn(requestLanguage(request.headers), TIMEOUT_MESSAGE),
    },
  });

/**
 * A request that promises a body and never sends it would hold a connection (and a parser)
 * for minutes: after the limit it gets 408 and the connection closes. Node's own
 * requestTimeout is one figure for every route; uploads need a longer one.
 */
export function registerRequestTimeout(app: AppInstance, timeouts: RequestTimeouts): void {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    const isUpload = (request.headers["content-type"] ?? "").startsWith("multipart/");
    const timer = setTimeout(
      () => {
        if (raw.complete || reply.raw.headersSent) return;
        reply.raw.writeHead(408, { "content-type": "application/json", connection: "close" });
        reply.raw.end(timeoutBody(request));
        raw.destroy();
      },
      isUpload ? timeouts.uploadMs : timeouts.bodyMs,
    );
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once("end", clear);
    raw.once("close", clear);
    reply.raw.once("finish", clear);
    done();
  });
}

/**
 * API answers are per user and often personal: no browser or proxy keeps a copy
 * (a shared computer's back button, a caching proxy). Routes that set their own
 * Cache-Control (files, the event stream) keep it.
 */
export function registerNoStore(app: AppInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    return payload;
  });
}

/** Deeper than any form of the app; deeper input only ever serves to exhaust a stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), then refused with 400 when
 * a key or string holds text PostgreSQL cannot store (a NUL character, or half of a UTF-16
 * surrogate pair such as "\ud800": a json column refuses the escape and a text column would
 * keep a U+FFFD instead), or the value nests deeper than MAX_JSON_DEPTH (better-auth and the
 * validators recurse). One check for every route and field, better-auth's included.
 */
export function registerJsonGuards(app: AppInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const problem = inspectJson(value);
      if (problem) {
        const fields = problem.field ? { [problem.field]: problem.message } : undefined;
        return done(new AppError(400, "VALIDATION_FAILED", problem.message, fields), undefined);
      }
      done(null, value);
    });
  });
  // Path ids and query values: %00 decodes to the same NUL character.
  app.addHook("onRequest", async (request) => {
    if (/%00|\0/.test(request.url)) {
      throw new AppError(400, "VALIDATION_FAILED", NUL_MESSAGE);
    }
  });
}

const NUL_MESSAGE = "Text may not contain NUL characters.";
export const BROKEN_TEXT_MESSAGE =
  "This text holds a broken character (half of an emoji or symbol). Please type it again.";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string or key, or null. */
function textProblem(text: string): string | null {
  if (text.includes("\0")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return BROKEN_TEXT_MESSAGE;
  return null;
}

/**
 * Walks the value without recursion; answers what is wrong with it and where (the field's
 * path, dotted as validation errors name it: "remedy.description", "steps.0.name"), or null.
 */
export function inspectJson(value: unknown): { message: string; field?: string } | null {
  const stack: [unknown, number, string][] = [[value, 0, ""]];
  while (stack.length > 0) {
    const [current, depth, at] = stack.pop() as [unknown, number, string];
    if (typeof current === "string") {
      const message = textProblem(current);
      if (message) return { message, field: at || "body" };
    } else if (current !== null && typeof current === "object") {
      if (depth >= MAX_JSON_DEPTH) return { message: "The request body is nested too deeply." };
      for (const [key, item] of Object.entries(current)) {
        const path = at ? `${at}.${key}` : key;
        const message = textProblem(key);
        // A broken key names no field anyone could read back: the message alone.
        if (message) return { message };
        stack.push([item, depth + 1, path]);
      }
    }
  }
  return null;
}
