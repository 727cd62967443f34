import type { CDPSession, Page } from "@playwright/test";
import { sql } from "kysely";
import { BUDGET_BYTES } from "../../scripts/bundle-size.ts";
import { CATALOGUES, type Catalogue, NAMESPACES } from "../../src/shared/i18n/catalogues.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_TAG } from "../../src/shared/i18n/languages.ts";
import { fullTitle, PUBLIC_PAGES } from "../../src/shared/public-pages.ts";
import { PLAN_TABLE } from "../support/spec-tables.ts";
import { expect, test } from "./fixtures.ts";
import { expectLive } from "./support.ts";

/**
 * A signed-in member's dashboard, first load, bytes of JavaScript transferred: issue 15's 200 kB.
 * Measured 186.6 kB in 27 files (2026-11-24; 265 kB in 48 before zod, sonner and the dialog
 * library left it and the shell's small files were merged, 198.8 kB before hashed assets lost
 * the document-only headers: docs/decisions/015).
 */
// Raised to 210 kB for a while (docs/decisions/033: 203.6 kB with the questions card, the
// roster and representation entries and the idempotent fetch); back to 200 kB since the app's
// router loads the landing page on demand: 196.3 kB measured (2026-11-26, issue 30).
const DASHBOARD_BUDGET_BYTES = 200 * 1000;
/**
 * /home as transferred until it is live, response headers included: issue 15's 100 kB, the same
 * figure as the build's count (scripts/bundle-size.ts, brotli file bytes: 90.4 kB in 6 files).
 * Measured 94.4 kB (2026-11-24; 161.6 kB before the pre-rendered pages got their own entry
 * without react-router and i18next, with their words in the HTML: docs/decisions/015). The
 * toaster and the pricing section's code load later, on demand.
 */
const HOME_TRANSFER_BUDGET_BYTES = BUDGET_BYTES;

/** Counts the bytes of JavaScript the browser transfers (headers included), cache off. */
async function countScriptBytes(page: Page): Promise<{ cdp: CDPSession; bytes: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Set<string>();
  let total = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) total += e.encodedDataLength;
  });
  return { cdp, bytes: () => total };
}

/** The page's largest contentful paint, in ms from navigation start. */
function lcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          if (last) resolve(last.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
}

test("/home without JavaScript: the hero, the plans and their prices are in the HTML, with each page's title", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(
    page.getByRole("heading", { level: 1, name: /Every grievance tracked/ }),
  ).toBeVisible();
  await expect(page).toHaveTitle(fullTitle(PUBLIC_PAGES["/home"]?.title ?? ""));
  const text = (await page.locator("#pricing").textContent()) ?? "";
  for (const plan of PLAN_TABLE) {
    expect(text).toContain(plan.name);
    expect(text).toContain(`$${plan.monthly}`);
  }
  for (const path of ["/platform-plans", "/website-packages", "/security", "/contact"]) {
    const meta = PUBLIC_PAGES[path];
    if (!meta) throw new Error(`no meta for ${path}`);
    await page.goto(path);
    await expect(page).toHaveTitle(fullTitle(meta.title));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      meta.description,
    );
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await context.close();
});

test("built files and JSON go out compressed, with Vary and long caching for hashed assets", async ({
  request,
}) => {
  const html = await request.get("/login", { headers: { "accept-encoding": "br, gzip" } });
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  if (!script) throw new Error("no entry script in index.html");
  for (const encoding of ["br", "gzip"]) {
    const res = await request.get(script, { headers: { "accept-encoding": encoding } });
    expect(res.headers()["content-encoding"]).toBe(encoding);
    expect(res.headers().vary).toContain("accept-encoding");
    expect(res.headers()["cache-control"]).toContain("immutable");
  }
  const plain = await request.get(script, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const json = await request.get("/api/pricing-plans", { headers: { "accept-encoding": "br" } });
  expect(json.headers()["content-encoding"]).toBe("br");
  const page = await request.get("/home", { headers: { "accept-encoding": "br" } });
  expect(page.headers()["content-encoding"]).toBe("br");
});

test("/home: JavaScript transferred within the budget, LCP reported, and the pre-rendered page comes alive", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { bytes } = await countScriptBytes(page);
  // First load: the scripts that arrive until the page is live (its words come in its HTML;
  // later, on-demand parts such as the toaster are not part of it).
  await page.goto("/home");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const firstLoad = bytes();
  const paint = await lcp(page);
  console.log(`home JS transferred: ${firstLoad} bytes, LCP ${Math.round(paint)} ms`);
  test
    .info()
    .annotations.push(
      { type: "home JS transferred", description: `${firstLoad} bytes` },
      { type: "home LCP", description: `${Math.round(paint)} ms` },
    );
  expect(firstLoad).toBeLessThanOrEqual(HOME_TRANSFER_BUDGET_BYTES);
  // LCP is reported, not asserted: a timed assertion on a shared machine measures the machine
  // (the standards keep performance goals in the benchmark and its ratios).
  expect(paint).toBeGreaterThan(0);
  // Hydrated: the pricing section's code loads as it comes near, and its buttons work.
  await page.locator("#pricing").scrollIntoViewIfNeeded();
  const start = page.getByRole("button", { name: "Start free trial of Growth" });
  await expectLive(start);
  await start.click();
  await expect(page).toHaveURL(/\/register$/);
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
});

test("/home on a slow phone (150 ms, 1.6 Mbit/s, CPU 4x slower): LCP measured", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const { cdp } = await countScriptBytes(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1000 * 1000) / 8,
    uploadThroughput: (750 * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/home", { timeout: 60_000 });
  const paint = await lcp(page);
  test
    .info()
    .annotations.push({ type: "home LCP slow phone", description: `${Math.round(paint)} ms` });
  console.log(`home LCP on a slow phone: ${Math.round(paint)} ms`);
  expect(paint).toBeGreaterThan(0);
});

test("/dashboard for a signed-in member: JavaScript transferred within the budget", async ({
  newLocal,
}) => {
  const page = (await newLocal("Budget Local 90")).member.page;
  const { bytes } = await countScriptBytes(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  test
    .info()
    .annotations.push({ type: "dashboard JS transferred", description: `${bytes()} bytes` });
  console.log(`dashboard JS transferred: ${bytes()} bytes`);
  expect(bytes()).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
});

/**
 * Sentences of a language's catalogues that no other language writes the same, in every
 * namespace the browser may load (mail, casefile and calendar never reach it): a script that
 * carries one carries that language's words. Chunks may escape non-ASCII letters (\u00e9), so
 * scripts are read unescaped.
 */
const BROWSER_NAMESPACES = NAMESPACES.filter(
  (ns) => !["mail", "casefile", "calendar"].includes(ns),
);
function markersOf(language: (typeof LANGUAGES)[number]): string[] {
  const texts = (c: Catalogue): string[] =>
    Object.values(c).flatMap((v) => (typeof v === "string" ? [v] : texts(v)));
  const of = (l: (typeof LANGUAGES)[number]) =>
    BROWSER_NAMESPACES.flatMap((ns) => texts(CATALOGUES[l][ns]));
  const others = new Set(LANGUAGES.filter((l) => l !== language).flatMap(of));
  return of(language).filter((t) => t.length >= 25 && !t.includes("{{") && !others.has(t));
}
const unescapeJs = (js: string) =>
  js.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/** The scripts a page receives while `visit` runs, as one unescaped text. */
async function scriptsOf(page: Page, visit: () => Promise<void>): Promise<string> {
  const scripts: Promise<string>[] = [];
  const listener = (r: import("@playwright/test").Response) => {
    if (r.request().resourceType() === "script") scripts.push(r.text().catch(() => ""));
  };
  page.on("response", listener);
  await visit();
  page.off("response", listener);
  return unescapeJs((await Promise.all(scripts)).join("\n"));
}

test("an English member's dashboard downloads no other language's words (issue 31)", async ({
  newLocal,
  backend,
}) => {
  const local = await newLocal("Budget Local 91");
  const page = local.member.page;
  const dashboard = async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
  };
  const code = await scriptsOf(page, dashboard);
  // Positive control: the English words are there.
  expect(markersOf(DEFAULT_LANGUAGE).some((m) => code.includes(m))).toBe(true);
  for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    const markers = markersOf(language);
    expect({ language, found: markers.filter((m) => code.includes(m)) }).toEqual({
      language,
      found: [],
    });
  }
  // The check does find a language when its reader loads the same page (cache off).
  await page.context().route("**/*", (route) => route.continue());
  for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    await sql`UPDATE users SET language = ${language} WHERE id = ${local.member.id}`.execute(
      backend.db,
    );
    const own = await scriptsOf(page, dashboard);
    expect(markersOf(language).some((m) => own.includes(m))).toBe(true);
  }
});

for (const language of LANGUAGES) {
  test(`/home in a ${LOCALE_TAG[language]} browser: its language from the first byte, JavaScript within the budget`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: LOCALE_TAG[language] });
    const page = await context.newPage();
    const { bytes } = await countScriptBytes(page);
    const response = await page.goto("/home");
    expect(await response?.text()).toContain(`<html lang="${LOCALE_TAG[language]}"`);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const firstLoad = bytes();
    test.info().annotations.push({
      type: `home JS transferred (${language})`,
      description: `${firstLoad} bytes`,
    });
    console.log(`home JS transferred (${language}): ${firstLoad} bytes`);
    expect(firstLoad).toBeLessThanOrEqual(HOME_TRANSFER_BUDGET_BYTES);
    await context.close();
  });
}
