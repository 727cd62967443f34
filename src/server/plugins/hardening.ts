import type { FastifyRequest } from "fastify";
import type { AppInstance } from "../app.ts";
import { AppError } from "../lib/errors.ts";
import { requestLanguage, translateMessage } from "../lib/i18n/index.ts";

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
      message: translateMessage(requestLanguage(request.headers), TIMEOUT_MESSAGE),
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
 * a key or string holds a NUL character (PostgreSQL cannot store one: it would be a 500) or the
 * value nests deeper than MAX_JSON_DEPTH (better-auth and the validators recurse).
 */
export function registerJsonGuards(app: AppInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const problem = inspectJson(value);
      if (problem) return done(new AppError(400, "VALIDATION_FAILED", problem), undefined);
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

/** Walks the value without recursion; answers what is wrong with it, or null. */
export function inspectJson(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === "string") {
      if (current.includes("\0")) return NUL_MESSAGE;
    } else if (current !== null && typeof current === "object") {
      if (depth >= MAX_JSON_DEPTH) return "The request body is nested too deeply.";
      for (const [key, item] of Object.entries(current)) {
        if (key.includes("\0")) return NUL_MESSAGE;
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}
