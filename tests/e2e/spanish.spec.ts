import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { expectIn, pageIn, walkTheMainJourney } from "./language-journey.ts";
import { openLive } from "./support.ts";

/**
 * Issue 22: the main journeys in a Spanish browser (es-US) find no English on screen apart
 * from data and brand names: the public pages, register and verify from the emailed link, join
 * with the code, file, follow, and a steward working the case.
 */

test("public pages in a Spanish browser: Spanish from the first byte, no English", async ({
  browser,
}) => {
  const page = await pageIn(browser, "es");
  for (const path of ["/home", "/platform-plans", "/website-packages", "/security", "/contact"]) {
    // The pre-rendered HTML itself is Spanish (before any script runs).
    const response = await page.request.get(path, { headers: { "accept-language": "es-US" } });
    expect(await response.text()).toContain('lang="es-US"');
    await openLive(page, path);
    await expectIn("es", page);
  }
  // The switcher brings English back, and the choice holds on the next page.
  await page.getByRole("combobox", { name: "Idioma" }).first().selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await openLive(page, "/security");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test("register, verify, join, file and follow in Spanish; a steward works the case", async ({
  browser,
  newLocal,
  backend,
}) => {
  test.setTimeout(240_000);
  const local = await newLocal("Local 1010 Transporte");
  await walkTheMainJourney(
    { browser, local, db: backend.db },
    {
      language: "es",
      grievant: { name: "Lucía Fernández", emailPrefix: "lucia" },
      description: "Me cambiaron la ruta sin el aviso que exige el contrato.",
      remedy: "Devolverme la ruta y pagar las horas perdidas.",
      comment: "Pedí al depósito los registros de horarios.",
      verifySubject: "Confirme su cuenta de UnionHall",
      greeting: "Hola, Lucía Fernández:",
    },
  );
});
