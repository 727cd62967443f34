import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * File names have one case each (issue 35): a `.tsx` file that exports a React component is
 * PascalCase (`ConfirmDialog.tsx`), every other source file kebab-case (`action-route.ts`,
 * `router.tsx`). Migrations keep `NNNN_snake_case.ts`: Kysely records each migration by its
 * file name in the databases it has run on, so a renamed one would run again.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const MIGRATION = /^src\/server\/db\/migrations\/\d{4}_[a-z0-9_]+\.ts$/;
/**
 * Stand-ins the public site's build puts in place of a package (vite.site.config.ts): named
 * for the package they replace, though they export its components.
 */
const PACKAGE_STAND_INS = new Set([
  "src/web/site/react-router.tsx",
  "src/web/site/react-i18next.tsx",
]);

/** Whether the module exports a PascalCase value: a component (types do not count). */
function exportsComponent(path: string, text: string): boolean {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement) && statement.name)
      names.push(statement.name.text);
    if (ts.isVariableStatement(statement) && exported(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.push(d.name.text);
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    )
      for (const e of statement.exportClause.elements) if (!e.isTypeOnly) names.push(e.name.text);
  }
  return names.some((name) => PASCAL.test(name));
}

/** Every script file under `dir` (JavaScript and TypeScript). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(tsx?|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

/** What is wrong with the file's name, or null. `path` is relative to the repository. */
function nameError(path: string, text: string): string | null {
  if (MIGRATION.test(path)) return null;
  const file = basename(path);
  const match = /^([^.]+)((?:\.[a-z]+)*)\.(tsx?|mjs|js)$/.exec(file);
  if (!match) return null;
  const [, stem = "", suffix, extension] = match;
  const test = /\.(test|spec)$/.test(suffix ?? "");
  if (extension === "tsx" && !PACKAGE_STAND_INS.has(path)) {
    // A test is named for the component or for the behaviour it checks.
    if (test) return PASCAL.test(stem) || KEBAB.test(stem) ? null : "PascalCase or kebab-case";
    if (exportsComponent(path, text))
      return PASCAL.test(stem) ? null : "a component's file is PascalCase";
  }
  return KEBAB.test(stem) ? null : "kebab-case";
}

describe("file names", () => {
  it("knows a good name from a bad one", () => {
    const component = "export function ConfirmDialog() { return null; }";
    expect(nameError("src/web/components/ui/ConfirmDialog.tsx", component)).toBeNull();
    expect(nameError("src/web/components/ui/confirm-dialog.tsx", component)).toMatch(/PascalCase/);
    expect(nameError("src/web/app/router.tsx", "export const router = 1;")).toBeNull();
    expect(nameError("src/web/app/Router.tsx", "export const router = 1;")).toMatch(/kebab/);
    expect(nameError("src/web/lib/useThing.ts", "export const useThing = 1;")).toMatch(/kebab/);
    expect(nameError("src/server/db/migrations/0250_a_b.ts", "")).toBeNull();
    expect(nameError("src/server/lib/Routes.ts", "")).toMatch(/kebab/);
    expect(nameError("src/web/x/Card.test.tsx", "")).toBeNull();
    expect(nameError("src/web/x/Card.test.ts", "")).toMatch(/kebab/);
  });

  it("every source file in src, tests and scripts has its case", () => {
    const files = ["src", "tests", "scripts"]
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((f) => relative(ROOT, f).split(sep).join("/"));
    expect(files.length).toBeGreaterThan(500);
    const wrong = files.flatMap((f) => {
      const error = nameError(f, readFileSync(join(ROOT, f), "utf8"));
      return error ? [`${f}: ${error}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
