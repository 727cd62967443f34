import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectIn, pageIn, walkTheMainJourney } from "./language-journey.ts";
import { inLanguage } from "./language-support.ts";
import { openLive } from "./support.ts";

/**
 * Issue 31: the main journeys in a French browser (fr-CA) find no English on screen apart from
 * data and brand names, as tests/e2e/spanish.spec.ts does for Spanish: the public pages,
 * register and verify from the emailed link, join with the code, file, follow, and a steward
 * working the case. French came as catalogues and a language entry only (decision 037).
 */
const fr = (englishText: string, namespace?: string) => inLanguage("fr-CA", englishText, namespace);

test("public pages in a French browser: French from the first byte, no English", async ({
  browser,
}) => {
  const page = await pageIn(browser, "fr-CA");
  for (const path of ["/home", "/platform-plans", "/website-packages", "/security", "/contact"]) {
    // The pre-rendered HTML itself is French (before any script runs), for fr-FR too.
    for (const accept of ["fr-CA,fr;q=0.9", "fr-FR"]) {
      const response = await page.request.get(path, { headers: { "accept-language": accept } });
      expect(await response.text()).toContain('lang="fr-CA"');
    }
    await openLive(page, path);
    await expectIn("fr-CA", page);
  }
  // A form's messages arrive once a form is used: the empty contact form, sent at once, says
  // what is missing in French.
  await openLive(page, "/contact");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(fr("Please enter your name", "messages"))).toBeVisible();
  await expectIn("fr-CA", page);
  // The switcher brings English back, and the choice holds on the next page.
  await page.getByRole("combobox", { name: "Langue" }).first().selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await openLive(page, "/security");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("register, verify, join, file and follow in French; a steward works the case", async ({
  browser,
  newLocal,
  backend,
}) => {
  test.setTimeout(240_000);
  const local = await newLocal("Section locale 1010 Transport");
  await walkTheMainJourney(
    { browser, local, db: backend.db },
    {
      language: "fr-CA",
      grievant: { name: "Élise Tremblay", emailPrefix: "elise" },
      description: "On a changé mon circuit sans le préavis prévu à la convention collective.",
      remedy: "Me rendre mon circuit et payer les heures perdues.",
      comment: "J'ai demandé au garage les relevés d'horaires.",
      verifySubject: "Confirmez votre compte UnionHall",
      greeting: "Bonjour Élise Tremblay,",
      // French runs longer than English.
      phoneWidth: 390,
    },
  );
});
