/**
 * The landing page's JavaScript budget (issue 7): what a browser must download before the
 * landing page runs, gzipped, at most 150 kB. Reads the built dist/web: the entry script of
 * index.html, its modulepreloads, and every chunk they import statically (imports that run only
 * on demand, `import()`, are not followed). Prints each chunk and fails above the budget.
 *
 *   npm run size         (after a build; `npm run build` runs it too)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 150 * 1000;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
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

/** The chunks of the first load of index.html, in discovery order. */
export function firstLoadChunks(webDir: string): ChunkSize[] {
  const html = readFileSync(path.join(webDir, "index.html"), "utf8");
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
  if (!existsSync(path.join(webDir, "index.html"))) {
    console.error("dist/web is not built: run `npx vite build` first.");
    process.exit(1);
  }
  const chunks = firstLoadChunks(webDir).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const total = chunks.reduce((s, c) => s + c.gzipBytes, 0);
  const raw = chunks.reduce((s, c) => s + c.bytes, 0);
  console.log("Landing page, first load (JavaScript):");
  for (const c of chunks) {
    console.log(
      `  ${c.file.padEnd(48)} ${kB(c.bytes).padStart(11)}  gzip ${kB(c.gzipBytes).padStart(10)}`,
    );
  }
  const verdict = total <= BUDGET_BYTES ? "within" : "OVER";
  console.log(
    `  ${"total".padEnd(48)} ${kB(raw).padStart(11)}  gzip ${kB(total).padStart(10)}  (${verdict} the ${kB(BUDGET_BYTES)} budget)`,
  );
  if (total > BUDGET_BYTES) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
