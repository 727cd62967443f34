/**
 * The server as `npm start` runs it (issue 15): one ESM file for Node, the packages left in
 * node_modules, no TypeScript loader at run time. The process tests (tests/process) build the
 * same file into dist/test-server, so they start what ships.
 *
 *   tsx scripts/build/server.ts         (`npm run build` runs it)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Builds src/server/main.ts into `outfile`; it must sit two levels below the project (it finds
 * dist/web from there). The case-file worker (issue 28) is a second entry, written beside it as
 * case-file-worker.js, where the server starts its worker threads from.
 */
export async function buildServer(outfile: string): Promise<string> {
  await build({
    entryPoints: {
      [path.basename(outfile, ".js")]: path.join(root, "src/server/main.ts"),
      "case-file-worker": path.join(root, "src/server/modules/grievances/case-file-worker.ts"),
    },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node20.19",
    sourcemap: true,
    outdir: path.dirname(outfile),
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer(path.join(root, "dist/server/main.js"));
}
