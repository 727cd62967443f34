import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isKnownPath } from "../../shared/known-paths.ts";
import type { AppInstance } from "../app.ts";
import { notFound } from "../lib/errors.ts";

/**
 * Serves the built web app from `webDir`: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the client router can take it. Unknown /api paths
 * get the JSON 404. The build writes a brotli and a gzip copy beside every text file
 * (scripts/build/compress.ts), sent as they are to a browser that accepts them. The public
 * pages' HTML comes from modules/public-site/page-meta.ts.
 */
/**
 * The file a path names, or "" (the SPA) when it names none: `/\\` is no URL at all and
 * `%E0%A4` no text, and neither may become an error answer.
 */
function filePathOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url, "http://x").pathname).replace(/^\/+/, "");
  } catch {
    return "";
  }
}

/** The request's path for the known-path check; an unparseable one is no known page. */
function pathnameOf(url: string): string | null {
  try {
    return new URL(url, "http://x").pathname;
  } catch {
    return null;
  }
}

/**
 * Headers helmet sets that govern a document (what it may load, frame or open), which a script
 * or a style sheet is not: on a hashed asset they do nothing and cost about 600 bytes on each of
 * a page's 20-odd files (issue 15's budgets count bytes on the wire). `nosniff`, the resource
 * policy, HSTS and the referrer policy (a style sheet's own fetches follow it) stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

export async function registerSpa(app: AppInstance, webDir: string | undefined): Promise<void> {
  const hasBuild = webDir !== undefined && existsSync(path.join(webDir, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false, // set below: long for hashed assets, no-cache for index.html
      setHeaders(res, filePath) {
        // The same address answers brotli, gzip or plain: caches must key on what was asked.
        res.setHeader("vary", "accept-encoding");
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
          // @fastify/static hands over reply.raw, where helmet put its headers.
          for (const name of DOCUMENT_ONLY_HEADERS)
            (res as unknown as ServerResponse).removeHeader(name);
        }
      },
    });
    // Serve the other files of the build (favicon and the like) by their exact path.
    app.get("/*", (request, reply) => {
      if (request.url.startsWith("/api/"))
        throw notFound(`No API route GET ${request.url.split("?")[0]}`);
      const rel = filePathOf(request.url);
      const file = path.join(webDir, rel);
      if (rel && file.startsWith(webDir) && existsSync(file) && !rel.endsWith("/")) {
        return reply.sendFile(rel);
      }
      // The app renders its 404 page for an unknown path; the status says so too (issue 14).
      const pathname = pathnameOf(request.url);
      const known = pathname !== null && isKnownPath(pathname);
      return reply
        .status(known ? 200 : 404)
        .header("cache-control", "no-cache")
        .sendFile("index.html");
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      throw notFound(`No API route ${request.method} ${request.url.split("?")[0]}`);
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type("text/plain")
        .send(
          "The web app is not built. Run `npm run build`, or use `npm run dev` for development.",
        );
    }
    return reply.status(404).type("text/plain").send("Not found");
  });
}
