import { expect, test } from "./fixtures.ts";
import { expectAccessible, openLive } from "./support.ts";

/**
 * The public site in Spanish (issue 22): a Spanish browser gets the Spanish pre-rendered page
 * with its Spanish title; the switcher in the header changes the language and remembers it.
 */
test("a Spanish browser reads the public site in Spanish, and the switcher goes back to English", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "es-US" });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect(page).toHaveTitle("El portal para locales sindicales · UnionHall");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "Cada queja, con seguimiento.",
  );
  await expect(
    page.getByRole("link", { name: "Pruébelo gratis", exact: true }).first(),
  ).toBeVisible();
  await expectAccessible(page);

  // A price through Intl, a plan's features from the catalogue, in Spanish.
  await page
    .getByRole("heading", { name: "Planes sencillos para locales de todo tamaño" })
    .scrollIntoViewIfNeeded();
  const growth = page.locator("#plan-growth");
  await expect(growth).toContainText("$29");
  await expect(growth).toContainText("Hasta 25 usuarios");
  await expect(growth).toContainText("Todo lo de Starter");

  // The switcher works once the page is hydrated (a run under load changed it before that).
  await openLive(page, "/platform-plans");
  await expect(page).toHaveTitle("Comparar planes · UnionHall");
  await expect(page.getByRole("heading", { level: 1, name: "Comparar planes" })).toBeVisible();

  // The header's switcher: English at once, and the next page load stays English.
  await page.locator("#header-language").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Compare plans" })).toBeVisible();
  await page.goto("/security");
  await expect(page).toHaveTitle("Security and FAQ · UnionHall");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your local's data, kept safe");
  await context.close();
});
