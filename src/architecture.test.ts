import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layout's one-way imports (DESIGN.md): features never import each other nor app/,
 * components/ui imports no feature, the web app never imports the server, src/shared imports only zod.
 */
const ROOT = path.resolve(import.meta.dirname);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [
    ...source.matchAll(
      /(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);
}

const resolved = (file: string, spec: string) =>
  spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : spec;
const rel = (p: string) => path.relative(ROOT, p);

describe("import boundaries", () => {
  it("features do not import other features", () => {
    const bad: string[] = [];
    for (const file of files(path.join(ROOT, "web/features"))) {
      const own = rel(file).split(path.sep)[2];
      for (const spec of imports(file)) {
        const target = rel(resolved(file, spec));
        if (
          target.startsWith(`web${path.sep}features${path.sep}`) &&
          target.split(path.sep)[2] !== own
        ) {
          bad.push(`${rel(file)} -> ${target}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  // app/ (router, layouts) imports the features; what features share with it lives in lib/.
  it("features do not import app", () => {
    const bad = files(path.join(ROOT, "web/features")).flatMap((file) =>
      imports(file)
        .map((spec) => rel(resolved(file, spec)))
        .filter((t) => t.startsWith(`web${path.sep}app${path.sep}`))
        .map((t) => `${rel(file)} -> ${t}`),
    );
    expect(bad).toEqual([]);
  });

  // A key spelled out in a page or a hook drifts from the one its data is cached under; another
  // feature's data is refreshed through the keys lib/ exports (lib/query-keys.ts).
  it("features build query keys only in their queries.ts", () => {
    const literal = /(?:queryKey:|setQueryData\(|getQueryData\()\s*\[\s*["'`]/;
    const bad = files(path.join(ROOT, "web/features"))
      .filter((file) => path.basename(file) !== "queries.ts")
      .filter((file) => literal.test(readFileSync(file, "utf8")))
      .map(rel);
    expect(bad).toEqual([]);
  });

  it("components/ui imports no feature and no app code", () => {
    const bad = files(path.join(ROOT, "web/components")).flatMap((file) =>
      imports(file)
        .map((spec) => rel(resolved(file, spec)))
        .filter((t) => t.startsWith(`web${path.sep}features`) || t.startsWith(`web${path.sep}app`))
        .map((t) => `${rel(file)} -> ${t}`),
    );
    expect(bad).toEqual([]);
  });

  it("the web app never imports the server, and the server never imports the web app", () => {
    const crossing = [
      ...files(path.join(ROOT, "web")).flatMap((f) =>
        imports(f)
          .filter((s) => rel(resolved(f, s)).startsWith(`server${path.sep}`))
          .map((s) => `${rel(f)} -> ${s}`),
      ),
      ...files(path.join(ROOT, "server")).flatMap((f) =>
        imports(f)
          .filter((s) => rel(resolved(f, s)).startsWith(`web${path.sep}`))
          .map((s) => `${rel(f)} -> ${s}`),
      ),
    ];
    expect(crossing).toEqual([]);
  });

  it("src/shared imports only zod and itself", () => {
    const bad = files(path.join(ROOT, "shared")).flatMap((file) =>
      imports(file)
        .filter(
          (spec) =>
            !(
              spec === "zod" ||
              (spec.startsWith(".") && rel(resolved(file, spec)).startsWith("shared"))
            ),
        )
        .map((spec) => `${rel(file)} -> ${spec}`),
    );
    expect(bad).toEqual([]);
  });
});

describe("records", () => {
  it("docs/product-decisions.md is the shared DECISIONS.md, kept in step", () => {
    const shared = path.resolve(ROOT, "../../shared/DECISIONS.md");
    const copy = readFileSync(path.resolve(ROOT, "../docs/product-decisions.md"), "utf8");
    expect(copy).toContain("## Grievance practice");
    // CI clones the repository with ../shared beside it; elsewhere the copy stands alone.
    if (statSync(shared, { throwIfNoEntry: false })) {
      expect(copy).toBe(readFileSync(shared, "utf8"));
    }
  });
});
