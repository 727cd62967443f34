import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isKnownPath } from "../../shared/known-paths.ts";

/** Every `path: "..."` of the web app's route files. */
function routerPaths(): string[] {
  const files = [
    "src/web/app/router.tsx",
    ...readdirSync("src/web/features", { recursive: true })
      .map(String)
      .filter((f) => f.endsWith("routes.tsx"))
      .map((f) => path.join("src/web/features", f)),
  ];
  return files.flatMap((f) =>
    [...readFileSync(f, "utf8").matchAll(/path: "([^"]+)"/g)].map((m) => m[1] ?? ""),
  );
}

describe("isKnownPath", () => {
  it("knows every route of the web app", () => {
    const paths = routerPaths().filter((p) => p !== "*");
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) expect(isKnownPath(p.replace(/:\w+/g, "G-2026-0001")), p).toBe(true);
    expect(isKnownPath("/union-labor/setup")).toBe(true);
  });

  it("does not know other paths", () => {
    for (const p of ["/nope", "/grievances/a/b", "/dashboard/x", "/wp-admin"])
      expect(isKnownPath(p), p).toBe(false);
  });
});
