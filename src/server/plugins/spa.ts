import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { AppInstance } from "../app.ts";
import { notFound } from "../lib/errors.ts";

/**
 * Serves the built web app from `webDir`: hashed assets cached for a year, every other
 * non-API GET answered with index.html so the client router can take it. Unknown /api paths
 * get the JSON 404.
 */
export async function registerSpa(app: AppInstance, webDir: string | undefined): Promise<void> {
  const hasBuild = webDir !== undefined && existsSync(path.join(webDir, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false, // set below: long for hashed assets, no-cache for index.html
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
    // Serve the other files of the build (favicon and the like) by their exact path.
    app.get("/*", (request, reply) => {
      if (request.url.startsWith("/api/"))
        throw notFound(`No API route GET ${request.url.split("?")[0]}`);
      const rel = decodeURIComponent(new URL(request.url, "http://x").pathname).replace(/^\/+/, "");
      const file = path.join(webDir, rel);
      if (rel && file.startsWith(webDir) && existsSync(file) && !rel.endsWith("/")) {
        return reply.sendFile(rel);
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
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
