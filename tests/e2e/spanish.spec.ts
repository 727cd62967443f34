import { type Browser, expect, type Page } from "@playwright/test";
import { sql } from "kysely";
import { test } from "./fixtures.ts";
import { englishOnScreen, es } from "./spanish-support.ts";
import { linkFrom, openLive, uniqueEmail, waitForMail } from "./support.ts";

/**
 * Issue 22: the main journeys in a Spanish browser (es-US) find no English on screen apart
 * from data and brand names: the public pages, register and verify from the emailed link, join
 * with the code, file, follow, and a steward working the case.
 */
const PASSWORD = "Union-Strong-2026";

async function spanishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-US" });
  return context.newPage();
}

/** Waits until the page shows no English (loading states pass), or fails naming what is left. */
async function expectSpanish(page: Page, data: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  await expect.poll(() => englishOnScreen(page, data), { timeout: 10_000 }).toEqual([]);
}

test("public pages in a Spanish browser: Spanish from the first byte, no English", async ({
  browser,
}) => {
  const page = await spanishPage(browser);
  for (const path of ["/home", "/platform-plans", "/website-packages", "/security", "/contact"]) {
    // The pre-rendered HTML itself is Spanish (before any script runs).
    const response = await page.request.get(path, { headers: { "accept-language": "es-US" } });
    expect(await response.text()).toContain('lang="es-US"');
    await openLive(page, path);
    await expectSpanish(page);
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
  // The steward reads the portal in Spanish (chosen on the profile).
  await sql`UPDATE users SET language = 'es' WHERE id = ${local.steward.id}`.execute(backend.db);
  const lucia = { name: "Lucía Fernández", email: uniqueEmail("lucia") };
  const description = "Me cambiaron la ruta sin el aviso que exige el contrato.";
  const remedy = "Devolverme la ruta y pagar las horas perdidas.";
  // Data: what people typed, the local's lists, and its procedure's step names (the defaults a
  // local renames; product-decisions.md 25).
  const steps = ["Step 1", "Step 2", "Step 3", "Arbitration"];
  const data = [
    local.name,
    lucia.name,
    lucia.email,
    description,
    remedy,
    "Driver",
    "Transit",
    "North Garage",
    ...steps,
  ];

  // Register: the page, its messages and the verification mail are Spanish.
  const page = await spanishPage(browser);
  await page.goto("/register?accountType=member");
  await expectSpanish(page, data);
  await page.locator('input[name="name"]').fill(lucia.name);
  await page.locator('input[name="email"]').fill(lucia.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  const mail = await waitForMail(lucia.email, "Confirme su cuenta de UnionHall");
  expect(mail.text).toContain("Hola, Lucía Fernández:");

  // Verify from the mail's link, then sign in.
  await page.goto(linkFrom(mail, "/verify-email"));
  await expect(page.getByText(es("Your email has been verified."))).toBeVisible();
  await expectSpanish(page, data);
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(lucia.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/join-org$/, { timeout: 15_000 });
  await expectSpanish(page, data);

  // Join with the local's code.
  await page.locator('input[name="inviteCode"]').fill(local.inviteCode);
  await page.locator('form button[type="submit"]').click();
  await page.getByRole("button", { name: new RegExp(local.name) }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expectSpanish(page, data);

  // File.
  await page.goto("/submit-grievance");
  await expectSpanish(page, data);
  await page.locator('input[name="badgeNumber"]').fill("T-4411");
  for (const field of ["jobTitle", "department", "location"])
    await page.locator(`select[name="${field}"]`).selectOption({ index: 1 });
  await page.locator('textarea[name="description"]').fill(description);
  await page.locator('textarea[name="remedy"]').fill(remedy);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(/G-\d{4}-\d{4,}/).first()).toBeVisible({ timeout: 15_000 });
  const id = (
    (await page
      .getByText(/G-\d{4}-\d{4,}/)
      .first()
      .textContent()) ?? ""
  ).match(/G-\d{4}-\d{4,}/)?.[0];
  expect(id).toBeTruthy();
  await expectSpanish(page, [...data, id ?? ""]);

  // Follow: the tracker and the case.
  await page.goto("/grievances");
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expectSpanish(page, [...data, id ?? ""]);
  await page.goto(`/grievances/${id}`);
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expectSpanish(page, [...data, id ?? ""]);

  // The steward works it: dashboard, tracker, the case with a comment, the deadline board.
  const steward = local.steward.page;
  const stewardData = [...data, id ?? "", local.steward.name, local.admin.name, local.member.name];
  const comment = "Pedí al depósito los registros de horarios.";
  await steward.goto("/dashboard");
  await expectSpanish(steward, stewardData);
  await steward.goto(`/grievances/${id}`);
  await expect(steward.getByText(id ?? "").first()).toBeVisible();
  await expectSpanish(steward, stewardData);
  await steward.getByRole("textbox", { name: es("Comment", "grievances") }).fill(comment);
  await steward.getByRole("button", { name: es("Post comment", "grievances") }).click();
  await expect(steward.getByRole("textbox", { name: es("Comment", "grievances") })).toHaveValue("");
  await expectSpanish(steward, [...stewardData, comment]);
  await steward.goto("/deadlines");
  await expectSpanish(steward, stewardData);
  await steward.goto("/reports");
  await expectSpanish(steward, stewardData);

  // The detector's positive control: the admin reads English, and it says so.
  await local.admin.page.goto("/dashboard");
  await expect(local.admin.page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect
    .poll(async () => (await englishOnScreen(local.admin.page, stewardData)).length)
    .toBeGreaterThan(5);

  // Lucía is told in Spanish that her grievance has an update.
  const update = await waitForMail(
    lucia.email,
    es("Update on your grievance {{id}}", "mail").replace("{{id}}", id ?? ""),
  );
  expect(update.text).not.toMatch(/\bYour grievance\b/);
});
