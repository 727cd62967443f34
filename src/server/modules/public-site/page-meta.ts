import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  LOCALE_TAG,
} from "../../../shared/i18n/languages.ts";
import { WEBSITE_PACKAGES } from "../../../shared/plans.ts";
import {
  fullTitle,
  PAGE_META_KEYS,
  type PageMeta,
  SITE_NAME,
  setupPageMeta,
  type Translate,
  translatedPageMeta,
} from "../../../shared/public-pages.ts";
import type { AppInstance } from "../../app.ts";
import { html } from "../../lib/html.ts";
import { requestLanguage, translator } from "../../lib/i18n/index.ts";

/** Every public page, the nine set-up pages included, in `language` (issue 22). */
export function publicPageMeta(language: Language = DEFAULT_LANGUAGE): Record<string, PageMeta> {
  const translate = translator(language);
  const t: Translate = (key, options) => translate(key, options);
  return {
    ...Object.fromEntries(
      Object.keys(PAGE_META_KEYS).map((pagePath) => [pagePath, translatedPageMeta(t, pagePath)]),
    ),
    ...Object.fromEntries(WEBSITE_PACKAGES.map((p) => [p.setupRoute, setupPageMeta(p, t)])),
  };
}

/** The built index.html with this page's title, description and link-preview tags. */
export function withPageMeta(
  page: string,
  meta: PageMeta,
  url: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const title = fullTitle(meta.title);
  const locale = LOCALE_TAG[language].replace("-", "_");
  const tags = html`<meta property="og:type" content="website" />
    <meta property="og:locale" content="${locale}" />
    <meta property="og:site_name" content="${SITE_NAME}" />
    <meta property="og:title" content="${title}" />
    <meta property="og:description" content="${meta.description}" />
    <meta property="og:url" content="${url}" />
    <meta name="twitter:card" content="summary" />
    <link rel="canonical" href="${url}" />`;
  // Replaced by functions: a replacement string would read "$&" in a title as a pattern.
  // The empty shell says English; a page for another language says its own (pre-rendered
  // pages already carry theirs).
  const shell =
    language === DEFAULT_LANGUAGE
      ? page
      : page.replace('<html lang="en">', () => `<html lang="${LOCALE_TAG[language]}">`);
  return shell
    .replace(/<title>[^<]*<\/title>/, () => html`<title>${title}</title>`.value)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => html`<meta name="description" content="${meta.description}" />`.value,
    )
    .replace("</head>", () => `    ${tags}\n  </head>`);
}

/** Where the build writes a public page pre-rendered with its content (scripts/build/prerender.tsx). */
export const prerenderedFile = (pagePath: string, language: Language = DEFAULT_LANGUAGE) =>
  `prerendered/${language === DEFAULT_LANGUAGE ? "" : `${language}/`}${pagePath.replace(/^\/+/, "") || "index"}.html`;

interface PageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** brotli, gzip or none: what the client accepts, brotli first (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/**
 * Serves the public pages' HTML with their own title and description (the SPA plugin answers
 * every other path with the plain index.html): the page pre-rendered at build when there is
 * one, else the empty index.html. Built once per file version and compressed once, so a
 * request costs a lookup; a rebuild is picked up by modification time.
 */
export function registerPageMeta(app: AppInstance, webDir: string | undefined): void {
  if (webDir === undefined) return;
  const indexFile = path.join(webDir, "index.html");
  if (!existsSync(indexFile)) return;
  const cache = new Map<string, { mtimeMs: number; body: PageBody }>();
  const appUrl = app.deps.env.APP_URL;
  const load = async (pagePath: string, language: Language): Promise<PageBody> => {
    const prerendered = path.join(webDir, prerenderedFile(pagePath, language));
    // Pre-rendered for an open site that sells: with an access gate or billing off the page
    // must not show its content or prices before the app knows.
    const env = app.deps.env;
    const usable = env.SITE_ACCESS_CODE === undefined && env.BILLING_MODE !== "off";
    const file = usable && existsSync(prerendered) ? prerendered : indexFile;
    const { mtimeMs } = await stat(file);
    const key = `${language}:${pagePath}`;
    const hit = cache.get(key);
    if (hit?.mtimeMs === mtimeMs) return hit.body;
    // / and /home are the same page: one canonical address.
    const canonical = `${appUrl}${pagePath === "/" ? "/home" : pagePath}`;
    const meta = metaByLanguage[language][pagePath] ?? { title: "", description: "" };
    const html = withPageMeta(await readFile(file, "utf8"), meta, canonical, language);
    const body = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    cache.set(key, { mtimeMs, body });
    return body;
  };
  // Each page's title and description in each language (issue 22).
  const metaByLanguage = Object.fromEntries(
    LANGUAGES.map((language) => [language, publicPageMeta(language)]),
  ) as Record<Language, Record<string, PageMeta>>;
  for (const pagePath of Object.keys(metaByLanguage[DEFAULT_LANGUAGE])) {
    app.get(pagePath, async (request, reply) => {
      // The page in the visitor's language (issue 22): the switcher's cookie, else the browser's.
      const body = await load(pagePath, requestLanguage(request.headers));
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      reply
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding, accept-language, cookie")
        .type("text/html; charset=utf-8");
      if (!encoding) return reply.send(body.html);
      return reply.header("content-encoding", encoding).send(body[encoding]);
    });
  }
}
