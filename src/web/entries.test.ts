import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// Two HTML entries (the portal's, and the pre-rendered public pages' own: vite.site.config.ts)
// must stay one document but for the script each loads: a change to one's head goes in both.
it("index.html and site.html differ only in their entry script", () => {
  const read = (name: string) =>
    readFileSync(path.join(import.meta.dirname, name), "utf8").replace(
      /<script type="module" src="\/[\w-]+\.tsx"><\/script>/,
      "<script entry>",
    );
  expect(read("site.html")).toBe(read("index.html"));
  expect(read("index.html")).toContain("<script entry>");
});
