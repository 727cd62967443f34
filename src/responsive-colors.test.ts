import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

// The browser test of the public pages (tests/e2e/public.spec.ts) scans each theme with axe at
// one width only: both widths draw the same DOM (it checks) and no color changes with the width
// (this test). A width-prefixed color utility (`md:text-white`, `lg:bg-card`) or a width media
// query in the styles would make the other width's contrast unchecked: scan both widths then.
const WIDTH_COLOR =
  /\b(?:sm|md|lg|xl|2xl|max-\w+|min-\[[^\]]+\]):(?:[\w-]+:)*(?:text|bg|border|ring|outline|fill|stroke|from|via|to|shadow|decoration|placeholder|divide|caret|accent)-(?!\d|xs\b|sm\b|base\b|lg\b|xl\b|\dxl\b|left\b|right\b|center\b|justify\b|start\b|end\b|wrap\b|nowrap\b|balance\b|pretty\b|ellipsis\b|clip\b|x\b|y\b|t\b|b\b|l\b|r\b|s\b|e\b|none\b|collapse\b|separate\b|solid\b|dashed\b|dotted\b|double\b|hidden\b|offset-)[\w/[\]#.%-]+/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

it("no color in the web app's styles depends on the screen's width", () => {
  const found: string[] = [];
  for (const file of sources(path.resolve("src/web"))) {
    const text = readFileSync(file, "utf8");
    const utility = text.match(WIDTH_COLOR);
    if (utility) found.push(`${path.relative(".", file)}: ${utility[0]}`);
    if (file.endsWith(".css") && /@media[^{]*\bwidth\b/.test(text)) {
      found.push(`${path.relative(".", file)}: a width media query`);
    }
  }
  expect(found).toEqual([]);
});

it("finds a width-prefixed color where there is one", () => {
  expect(WIDTH_COLOR.test('className="p-4 md:bg-card"')).toBe(true);
  expect(WIDTH_COLOR.test('className="lg:dark:text-white"')).toBe(true);
  expect(WIDTH_COLOR.test('className="md:text-lg md:border-2 sm:text-left"')).toBe(false);
});
