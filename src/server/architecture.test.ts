import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's import boundaries (issue 16):
 * - a module (src/server/modules/A) reaches another module B only through B/index.ts, the
 *   one entry that says what B offers;
 * - lib/ and plugins/ sit below the modules and never import them.
 * Shared pieces move down to lib/ (e.g. lib/tenancy) rather than across.
 */
const SERVER = dirname(fileURLToPath(import.meta.url));

/** Why importing `to` from `from` (both relative to src/server, "/"-separated) breaks a rule. */
function boundaryError(from: string, to: string): string | null {
  const [fromTop, fromModule] = from.split("/");
  const [toTop, toModule, ...rest] = to.split("/");
  if (toTop !== "modules") return null;
  if (fromTop === "lib" || fromTop === "plugins") {
    return `${fromTop}/ imports modules/ (move the shared piece down to lib/)`;
  }
  if (fromTop === "modules" && fromModule !== toModule && rest.join("/") !== "index.ts") {
    return `reaches into modules/${toModule} (import modules/${toModule}/index.ts only)`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const toServerPath = (path: string) => relative(SERVER, path).split(sep).join("/");

/** Every relative import, re-export and dynamic import of the file, resolved under src/server. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => toServerPath(resolve(dirname(file), name)));
}

describe("server architecture", () => {
  it("knows a good import from a bad one", () => {
    expect(boundaryError("modules/employer/serve.ts", "modules/grievances/index.ts")).toBeNull();
    expect(boundaryError("modules/grievances/routes.ts", "modules/grievances/repo.ts")).toBeNull();
    expect(boundaryError("modules/grievances/routes.ts", "lib/tenancy/write-lock.ts")).toBeNull();
    expect(boundaryError("app.ts", "modules/grievances/routes.ts")).toBeNull();
    expect(boundaryError("modules/employer/serve.ts", "modules/grievances/repo.ts")).toMatch(
      /modules\/grievances\/index\.ts/,
    );
    expect(boundaryError("lib/files/upload-guards.ts", "modules/public-site/index.ts")).toMatch(
      /lib\/ imports modules/,
    );
    expect(boundaryError("plugins/access.ts", "modules/billing/write-lock.ts")).toMatch(
      /plugins\/ imports modules/,
    );
  });

  it("reads imports written over several lines, re-exports and dynamic imports", () => {
    const files = sourceFiles(join(SERVER, "modules", "grievances"));
    const index = files.find((f) => f.endsWith(`${sep}index.ts`));
    expect(index && importsOf(index)).toContain("modules/grievances/service.ts");
  });

  it("keeps modules apart and lib/ and plugins/ below them", () => {
    const broken = sourceFiles(SERVER).flatMap((file) => {
      const from = toServerPath(file);
      return importsOf(file).flatMap((to) => {
        const error = boundaryError(from, to);
        return error ? [`${from} -> ${to}: ${error}`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});
