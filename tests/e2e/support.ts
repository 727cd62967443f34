import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import axeCore, { type AxeResults } from "axe-core";
import type { CaughtMail } from "../support/mail-catcher.ts";

/** Reads the mail the global setup's SMTP server received (it runs in another process). */
export async function waitForMail(to: string, subject: string): Promise<CaughtMail> {
  const url = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}/messages`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const all = (await (await fetch(url)).json()) as CaughtMail[];
    const found = all
      .filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject)
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail "${subject}" for ${to}`);
}

export function linkFrom(mail: CaughtMail, pathPrefix: string): string {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in "${mail.subject}"`);
  return link;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.org`;

/**
 * An axe-core scan of the page as it is now, run inside the page (the app has no frames), which
 * gets axe once per document: client-side navigation keeps it for the next scan. Violations
 * only (axe lists one node of everything else). @axe-core/playwright's builder injected axe on
 * every scan, and by default merged results in a second, blank page: a scan cost four times
 * this one (decision 023).
 */
export async function axe(
  page: Page,
  scope: { include?: string; exclude?: string; rules?: string[] } = {},
): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  const context = {
    ...(scope.include ? { include: [scope.include] } : {}),
    exclude: scope.exclude ? [scope.exclude] : [],
  };
  const options = {
    resultTypes: ["violations"],
    ...(scope.rules ? { runOnly: { type: "rule", values: scope.rules } } : {}),
  };
  // Plain JSON in and out: axe's own types are too deep for Playwright's argument types.
  const results: unknown = await page.evaluate(
    ({ context, options }) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
        context,
        options,
      ),
    { context, options },
  );
  return results as AxeResults;
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Toasts are left out: they fade in and out, and axe reads mid-animation colours as low
  // contrast. Their text stays in the page's own checks.
  const results = await axe(page, { exclude: "[data-sonner-toast]" });
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
}

/** Registers through the page, opens the emailed verification link, and signs in. */
export async function registerAndSignIn(
  page: Page,
  person: { name: string; email: string; password: string; accountType: "admin" | "member" },
) {
  await page.goto(`/register?accountType=${person.accountType}`);
  await page.getByLabel("Full Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const mail = await waitForMail(person.email, "Confirm your UnionHall account");
  await page.goto(linkFrom(mail, "/verify-email"));
  await expect(page.getByText("Your email has been verified.")).toBeVisible();
  await signIn(page, person.email, person.password);
}

/**
 * The get-started wizard's 'Confirm' starts the no-card 14-day trial with the organization and
 * goes to the dashboard (issue 14: no second 'Start free trial' checkout page). The name is
 * kept for the specs that call it after 'Confirm'.
 */
export async function payTestCheckout(page: Page) {
  await expect(page.getByText("Your trial has started")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Opens a page and waits until the app has taken it over: a pre-rendered page's buttons and
 * choices do nothing before that, so a test clicking at once would race the hydration.
 */
export async function openLive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Waits until React has taken this element over. A lazily hydrated part of a pre-rendered page
 * (the landing page's pricing section loads its code as it comes near) keeps its HTML, inert,
 * after the root has hydrated: a click there before its code arrives is lost.
 */
export async function expectLive(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((e) => Object.keys(e).some((k) => k.startsWith("__reactProps"))))
    .toBe(true);
}

/**
 * Puts the page's clock in the test's hands (time still flows), so that a wait the spec asks
 * for (the redirect 3 s after a verification, a retry 5 s after a 429) is jumped over with
 * `page.clock.fastForward` instead of sat through. Before the page loads.
 */
export async function driveClock(page: Page) {
  if (clockDriven.has(page.context())) return;
  clockDriven.add(page.context());
  await page.clock.install();
}
const clockDriven = new WeakSet<BrowserContext>();

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login successful! Redirecting...")).toBeVisible();
}

/** The side menu's entries, top to bottom. */
export async function sideMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  return (await nav.getByRole("link").allInnerTexts()).map((t) => t.trim());
}

/** The header's logo is whole and nothing of the header lies over it. */
export async function expectLogoClear(page: Page) {
  const header = page.getByRole("banner");
  const logo = header.getByRole("link", { name: "UnionHall" });
  await expect(logo).toBeVisible();
  const overlaps = await header.evaluate((h) => {
    const link = h.querySelector("a");
    if (!link) return ["no logo"];
    const box = link.getBoundingClientRect();
    const inLogo = (el: Element) => link.contains(el);
    return [...h.querySelectorAll("*")]
      .filter((el) => !inLogo(el) && !el.contains(link))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        return (
          r.left < box.right - 0.5 &&
          r.right > box.left + 0.5 &&
          r.top < box.bottom &&
          r.bottom > box.top
        );
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
  expect(overlaps).toEqual([]);
  // The name is not cut: its text fits its box.
  const cut = await logo.evaluate((a) => a.scrollWidth > a.clientWidth + 1);
  expect(cut).toBe(false);
}
