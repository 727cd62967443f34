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
    expect(index && importsOf(index)).toContain("modules/grievances/case-file-pool.ts");
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

  it("defines the route helpers once (issue 35)", () => {
    expect(helperDefinitions("modules/x/routes.ts", "const ZId = z.object({});")).toEqual([
      "modules/x/routes.ts: ZId",
    ]);
    expect(
      helperDefinitions(
        "modules/x/y-routes.ts",
        "const now = () => app.deps.now?.() ?? new Date();",
      ),
    ).toEqual(["modules/x/y-routes.ts: now"]);
    expect(
      helperDefinitions("modules/x/job.ts", "const now = deps.now ?? (() => new Date());"),
    ).toEqual([]);
    expect(helperDefinitions("modules/x/service.ts", "async function act() {}")).toEqual([
      "modules/x/service.ts: act",
    ]);
    expect(
      helperDefinitions("modules/x/routes.ts", "function f() { const context = (r) => ({ r }); }"),
    ).toEqual(["modules/x/routes.ts: context"]);
    expect(helperDefinitions("modules/x/routes.ts", "const at = now(app);")).toEqual([]);

    const found = sourceFiles(SERVER)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) => helperDefinitions(toServerPath(file), readFileSync(file, "utf8")))
      .filter((definition) => !HELPER_HOMES.includes(definition));
    expect(found).toEqual([]);
  });
});

/**
 * The one home of each helper the routes share (issue 35): the id parameters and the clock in
 * lib/routes.ts, the grievance action plumbing in grievances/act.ts and action-route.ts.
 */
const HELPER_HOMES = [
  "lib/routes.ts: ZId",
  "lib/routes.ts: ZIdParams",
  "lib/routes.ts: now",
  "modules/grievances/act.ts: act",
  "modules/grievances/action-route.ts: actorOf",
  "modules/grievances/action-route.ts: actionContext",
  "modules/grievances/action-route.ts: grievanceAction",
];
/** Named anywhere in the server: a second one is a copy. */
const ANYWHERE = new Set([
  "ZId",
  "ZIdParams",
  "act",
  "actorOf",
  "actionContext",
  "grievanceAction",
]);
/** Functions by these names in a route file are the clock or a context builder again. */
const IN_ROUTE_FILES = new Set(["now", "context", "actionContext", "actorOf"]);
const isRouteFile = (path: string) => /(^|\/|-)routes\.ts$/.test(path);

/** `path: name` for each definition of a shared helper's name in the file. */
function helperDefinitions(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const isFunction = (node: ts.Node | undefined) =>
    !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    let fn = false;
    if (ts.isFunctionDeclaration(node) && node.name) {
      name = node.name.text;
      fn = true;
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      name = node.name.text;
      fn = isFunction(node.initializer);
    }
    if (name && (ANYWHERE.has(name) || (fn && isRouteFile(path) && IN_ROUTE_FILES.has(name))))
      found.push(`${path}: ${name}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Functions short enough to hold in mind (issue 35): none in src/server over 120 lines, from
 * its first line to its last (comments included; lines wholly inside a template string, a
 * migration's or a query's SQL, are not TypeScript to read and are not counted).
 */
const MAX_FUNCTION_LINES = 120;

/** `path: name (lines)` of each function of the file longer than `max` lines. */
function longFunctions(path: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = line(node.getStart(source));
      const inTemplates = new Set<number>();
      const templates = (n: ts.Node) => {
        if (ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n))
          for (let l = line(n.getStart(source)) + 1; l < line(n.getEnd()); l++) inTemplates.add(l);
        ts.forEachChild(n, templates);
      };
      templates(node);
      const lines = line(node.getEnd()) - first + 1 - inTemplates.size;
      if (lines > max) {
        const named =
          node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : null);
        const name = named ? named.getText(source) : `(function at line ${first + 1})`;
        found.push(`${path}: ${name} (${lines})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("function length", () => {
  it("measures a function from its first line to its last, SQL text aside", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  f(${i});`).join("\n");
    expect(longFunctions("a.ts", `function short() {\n${body(118)}\n}`, 120)).toEqual([]);
    expect(longFunctions("a.ts", `function long() {\n${body(119)}\n}`, 120)).toEqual([
      "a.ts: long (121)",
    ]);
    const query = `const q = sql\`\n${"  SELECT 1\n".repeat(200)}\`;`;
    expect(longFunctions("a.ts", `async function up() {\n  ${query}\n}`, 120)).toEqual([]);
    expect(longFunctions("a.ts", `const f = () => {\n${body(130)}\n};`, 120)).toEqual([
      "a.ts: f (132)",
    ]);
  });

  it(`keeps every function in src/server within ${MAX_FUNCTION_LINES} lines`, () => {
    const long = sourceFiles(SERVER)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        longFunctions(toServerPath(file), readFileSync(file, "utf8"), MAX_FUNCTION_LINES),
      );
    expect(long).toEqual([]);
  });
});
