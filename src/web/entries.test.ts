import { expect, it } from "vitest";
import indexHtml from "./index.html?raw";
import siteHtml from "./site.html?raw";

// Two HTML entries (the portal's, and the pre-rendered public pages' own: vite.site.config.ts)
// must stay one document but for the script each loads: a change to one's head goes in both.
it("index.html and site.html differ only in their entry script", () => {
  const normalize = (html: string) =>
    html.replace(/<script type="module" src="\/[\w-]+\.tsx"><\/script>/, "<script entry>");
  expect(normalize(siteHtml)).toBe(normalize(indexHtml));
  expect(normalize(indexHtml)).toContain("<script entry>");
});
