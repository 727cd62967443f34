import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { WEBSITE_PACKAGES } from "../../../shared/plans.ts";
import {
  fullTitle,
  type PageMeta,
  PUBLIC_PAGES,
  SITE_NAME,
  setupPageMeta,
} from "../../../shared/public-pages.ts";
import type { AppInstance } from "../../app.ts";

const escapeAttr = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Every public page, the nine set-up pages included. */
export function publicPageMeta(): Record<string, PageMeta> {
  return {
    ...PUBLIC_PAGES,
    ...Object.fromEntries(WEBSITE_PACKAGES.map((p) => [p.setupRoute, setupPageMeta(p)])),
  };
}

/** The built index.html with this page's title, description and link-preview tags. */
export function withPageMeta(html: string, meta: PageMeta, url: string): string {
  const title = escapeAttr(fullTitle(meta.title));
  const description = escapeAttr(meta.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
  ].join("\n    ");
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace("</head>", `    ${tags}\n  </head>`);
}

/**
 * Serves the public pages' HTML with their own title and description (the SPA plugin answers
 * every other path with the plain index.html). Read per request, cached by modification time,
 * so a rebuild is picked up.
 */
export function registerPageMeta(app: AppInstance, webDir: string | undefined): void {
  if (webDir === undefined) return;
  const indexFile = path.join(webDir, "index.html");
  if (!existsSync(indexFile)) return;
  let cache: { mtimeMs: number; html: string } | undefined;
  const loadIndex = async () => {
    const { mtimeMs } = await stat(indexFile);
    if (cache?.mtimeMs !== mtimeMs) cache = { mtimeMs, html: await readFile(indexFile, "utf8") };
    return cache.html;
  };
  const appUrl = app.deps.env.APP_URL;
  for (const [pagePath, meta] of Object.entries(publicPageMeta())) {
    app.get(pagePath, async (_request, reply) => {
      // / and /home are the same page: one canonical address.
      const canonical = `${appUrl}${pagePath === "/" ? "/home" : pagePath}`;
      const html = withPageMeta(await loadIndex(), meta, canonical);
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
    });
  }
}
