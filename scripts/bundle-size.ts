/**
 * The landing page's JavaScript budget (issues 7 and 15): what a browser downloads before the
 * landing page runs, as the server sends it (the build's brotli copies,
 * scripts/build/compress.ts). Reads the built dist/web: the entry script of the pre-rendered
 * /home (prerendered/home.html, the public site's entry, src/web/site-main.tsx), its
 * modulepreloads (the page's own code among them), and every chunk they import statically
 * (imports that run only on demand, `import()`, are not followed). Prints each chunk and fails
 * above the budget. The e2e suite measures the same in Chromium as bytes transferred
 * (tests/e2e/performance.spec.ts).
 *
 *   npm run size         (after a build; `npm run build` runs it too)
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** Issue 15's 100 kB (docs/decisions/015). */
export const BUDGET_BYTES = 100 * 1000;

/** The landing page as the server sends it: pre-rendered, with its own entry. */
export const LANDING_PAGE = "prerendered/home.html";

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** As sent: the build's brotli copy, or the file itself when there is none. */
  brotliBytes: number;
}

export const gzipSize = (content: string | Buffer) => gzipSync(content).length;

/** Static imports of a built chunk: `import ... from"./x.js"` and `import"./x.js"`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** The chunks of the first load of `page` (an HTML file in webDir), in discovery order. */
export function firstLoadChunks(webDir: string, page = LANDING_PAGE): ChunkSize[] {
  const html = readFileSync(path.join(webDir, page), "utf8");
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => path.join(webDir, (m[1] ?? "").replace(/^\//, "")));
  const seen = new Set<string>();
  const queue = [...roots];
  const chunks: ChunkSize[] = [];
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file);
    chunks.push({
      file: path.relative(webDir, file),
      bytes: code.length,
      gzipBytes: gzipSize(code),
      brotliBytes: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : code.length,
    });
    for (const rel of staticImports(code.toString("utf8"))) {
      queue.push(path.resolve(path.dirname(file), rel));
    }
  }
  return chunks;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const webDir = path.join(root, "dist/web");
  if (!existsSync(path.join(webDir, LANDING_PAGE))) {
    console.error("dist/web is not built: run `npm run build` first.");
    process.exit(1);
  }
  const chunks = firstLoadChunks(webDir).sort((a, b) => b.brotliBytes - a.brotliBytes);
  const total = chunks.reduce((s, c) => s + c.brotliBytes, 0);
  const raw = chunks.reduce((s, c) => s + c.bytes, 0);
  console.log("Landing page, first load (JavaScript):");
  for (const c of chunks) {
    console.log(
      `  ${c.file.padEnd(48)} ${kB(c.bytes).padStart(11)}  brotli ${kB(c.brotliBytes).padStart(10)}`,
    );
  }
  const verdict = total <= BUDGET_BYTES ? "within" : "OVER";
  console.log(
    `  ${"total".padEnd(48)} ${kB(raw).padStart(11)}  brotli ${kB(total).padStart(10)}  (${verdict} the ${kB(BUDGET_BYTES)} budget)`,
  );
  if (total > BUDGET_BYTES) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
