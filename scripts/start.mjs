// `npm start`: build what changed since the last build, then run the compiled server. Plain
// JavaScript on purpose: starting needs no TypeScript loader (tsx is a development tool).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(root, "dist/.build-inputs");
const SERVER = path.join(root, "dist/server/main.js");
/** What the build reads; tests and docs do not change what it writes. */
const INPUTS = [
  "src",
  "scripts/build",
  "scripts/bundle-size.ts",
  "vite.config.ts",
  "vite.site.config.ts",
  "tsconfig.json",
  "tsconfig.base.json",
  "tsconfig.web.json",
  "tsconfig.tools.json",
  "package-lock.json",
];
const IGNORED = /\.test\.tsx?$/;

function* walk(rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  const info = statSync(full);
  if (!info.isDirectory()) {
    if (!IGNORED.test(rel)) yield `${rel}\0${info.size}\0${info.mtimeMs}`;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* walk(path.join(rel, name));
}

/** Names, sizes and modification times of the build's inputs: cheap and enough to see a change. */
function fingerprint() {
  const hash = createHash("sha256");
  for (const rel of INPUTS) for (const line of walk(rel)) hash.update(`${line}\n`);
  return hash.digest("hex");
}

const current = fingerprint();
const built =
  existsSync(SERVER) &&
  existsSync(path.join(root, "dist/web/index.html")) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, "utf8") === current;
if (!built) {
  console.log("Building UnionHall (sources changed since the last build)...");
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, "run", "--silent", "build"], {
        cwd: root,
        encoding: "utf8",
      })
    : spawnSync("npm", ["run", "--silent", "build"], { cwd: root, encoding: "utf8", shell: true });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error("The build failed (output above).");
    process.exit(1);
  }
  writeFileSync(STAMP, current);
}
await import(pathToFileURL(SERVER).href);
