/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, at
 * the highest settings: done once per build, the server then sends them as they are
 * (@fastify/static `preCompressed`, src/server/plugins/spa.ts) instead of compressing per
 * request. A copy that would not be smaller is not written.
 *
 *   tsx scripts/build/compress.ts [dir]     (default dist/web; `npm run build` runs it)
 */
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers cost. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function compressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of files(dir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) {
      unlinkSync(file); // a stale copy from an earlier build
    }
  }
  for (const file of files(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += raw.length;
    totals.brotliBytes += Math.min(br.length, raw.length);
  }
  return totals;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const dir = path.resolve(root, process.argv[2] ?? "dist/web");
  const t = compressDir(dir);
  console.log(
    `compressed ${t.files} files: ${(t.bytes / 1000).toFixed(0)} kB -> ${(t.brotliBytes / 1000).toFixed(0)} kB brotli`,
  );
}
