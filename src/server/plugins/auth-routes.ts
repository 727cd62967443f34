import type { AppInstance } from "../app.ts";
import { type Auth, CLIENT_IP_HEADER } from "../lib/auth/auth.ts";
import { EVEN_PATHS, evenOut } from "../lib/auth/even-timing.ts";
import { toFetchHeaders } from "./access.ts";

/** Mounts better-auth at /api/auth/* by turning the Fastify request into a Fetch Request. */
export function registerAuthRoutes(app: AppInstance, auth: Auth, appUrl: string): void {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const startedAt = performance.now();
      const url = new URL(request.url, appUrl);
      const hasBody =
        request.method !== "GET" && request.body !== undefined && request.body !== null;
      const headers = toFetchHeaders(request);
      headers.delete("content-length"); // the body is re-serialised below
      // The client's address as Fastify sees it (X-Forwarded-For only when TRUST_PROXY is set):
      // rate limits count per address, and a client cannot choose its own.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      if (EVEN_PATHS.has(url.pathname)) await evenOut(startedAt);
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== "set-cookie") reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
