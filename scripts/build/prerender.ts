/**
 * Pre-renders the public pages at build (issue 15): each arrives with its content, so the
 * first paint does not wait for JavaScript and link previews see the page. Builds
 * prerender-entry.tsx for Node with Vite (the public site's config, vite.site.config.ts: the
 * same code as the browser's), renders each page, and writes dist/web/prerendered/<page>.html:
 * the public site's built site.html with the page's markup in #root, the data and the words it
 * was rendered with (JSON, not script) and a modulepreload for each file of the page's code.
 * The server sends these with the page's title and description
 * (src/server/modules/public-site/page-meta.ts); site-main.tsx hydrates them.
 *
 *   tsx scripts/build/prerender.ts      (after both `vite build`s; `npm run build` runs it)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import { prerenderedFile } from "../../src/server/modules/public-site/page-meta.ts";
import { LANGUAGES, type Language, LOCALE_TAG } from "../../src/shared/i18n/languages.ts";
import { PRERENDER_DATA_ID } from "../../src/web/lib/prerender-data.ts";
import { SITE_PAGES } from "../../src/web/site/pages.ts";

/** The pages pre-rendered (issue 15); every other path gets the empty shell. */
export const PRERENDERED_PAGES = Object.keys(SITE_PAGES);

/** Where vite.site.config.ts writes its manifest (read here, then removed). */
export const SITE_MANIFEST = ".vite/site-manifest.json";

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The built files of a page's module and of everything it imports statically. */
function pageFiles(manifest: Manifest, pagePath: string): string[] {
  const source = SITE_PAGES[pagePath]?.source;
  if (!source) throw new Error(`${pagePath} is not in src/web/site/pages.ts`);
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the public site's manifest`);
    if (files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return files;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const webDir = path.join(root, "dist/web");
const ssrDir = path.join(root, "dist/prerender");

/** JSON inside <script type="application/json">: `<` escaped so it cannot close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

async function main() {
  await build({
    configFile: path.join(root, "vite.site.config.ts"),
    logLevel: "warn",
    build: {
      ssr: path.join(root, "scripts/build/prerender-entry.tsx"),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
    },
  });
  const { render } = (await import(
    pathToFileURL(path.join(ssrDir, "prerender-entry.js")).href
  )) as {
    render: (pathname: string, language: Language) => Promise<{ html: string; data: unknown }>;
  };
  const shell = readFileSync(path.join(webDir, "site.html"), "utf8");
  if (!shell.includes('<div id="root"></div>')) throw new Error("site.html has no empty #root");
  if (!shell.includes('<html lang="en">')) throw new Error('site.html has no <html lang="en">');
  if (!shell.includes("</head>")) throw new Error("site.html has no </head>");
  const manifestFile = path.join(webDir, SITE_MANIFEST);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  // The page's own code is fetched with the entry's, not after it has run.
  const preloads = (page: string) =>
    pageFiles(manifest, page)
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("\n    ");
  rmSync(path.join(webDir, "prerendered"), { recursive: true, force: true });
  // Each page in each language (issue 22); the server picks one by cookie or Accept-Language.
  for (const language of LANGUAGES)
    for (const page of PRERENDERED_PAGES) {
      const { html, data } = await render(page, language);
      const file = path.join(webDir, prerenderedFile(page, language));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        shell
          .replace("</head>", () => `  ${preloads(page)}\n  </head>`)
          .replace(
            '<html lang="en">',
            `<html lang="${LOCALE_TAG[language]}" data-prerendered="true">`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root">${html}</div>\n    <script type="application/json" id="${PRERENDER_DATA_ID}">${scriptJson(data)}</script>`,
          ),
      );
    }
  rmSync(ssrDir, { recursive: true, force: true });
  rmSync(manifestFile); // the server would serve it like any other file
  console.log(`pre-rendered ${PRERENDERED_PAGES.join(", ")} in ${LANGUAGES.join(", ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
