/**
 * Pre-renders the public pages at build (issue 15): each arrives with its content, so the
 * first paint does not wait for JavaScript and link previews see the page. Builds
 * prerender-entry.tsx for Node with Vite (same config, same code as the browser's), renders
 * each page, and writes dist/web/prerendered/<page>.html: the built index.html with the page's
 * markup in #root and the data it was rendered with. The server sends these with the page's
 * title and description (src/server/modules/public-site/page-meta.ts); main.tsx hydrates them.
 *
 *   tsx scripts/build/prerender.ts      (after `vite build`; `npm run build` runs it)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import { prerenderedFile } from "../../src/server/modules/public-site/page-meta.ts";
import { LANGUAGES, type Language, LOCALE_TAG } from "../../src/shared/i18n/languages.ts";
import { PRERENDER_DATA_ID } from "../../src/web/lib/prerender-data.ts";

/** The pages pre-rendered (issue 15); every other path gets the empty shell. */
export const PRERENDERED_PAGES = [
  "/home",
  "/platform-plans",
  "/website-packages",
  "/security",
  "/contact",
] as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const webDir = path.join(root, "dist/web");
const ssrDir = path.join(root, "dist/prerender");

/** JSON inside <script type="application/json">: `<` escaped so it cannot close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

async function main() {
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: path.join(root, "scripts/build/prerender-entry.tsx"),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const { render } = (await import(
    pathToFileURL(path.join(ssrDir, "prerender-entry.js")).href
  )) as {
    render: (pathname: string, language: Language) => Promise<{ html: string; data: unknown }>;
  };
  const shell = readFileSync(path.join(webDir, "index.html"), "utf8");
  if (!shell.includes('<div id="root"></div>')) throw new Error("index.html has no empty #root");
  if (!shell.includes('<html lang="en">')) throw new Error('index.html has no <html lang="en">');
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
  console.log(`pre-rendered ${PRERENDERED_PAGES.join(", ")} in ${LANGUAGES.join(", ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
