import { type Browser, expect, type Page } from "@playwright/test";
import { sql } from "kysely";
import { test } from "./fixtures.ts";
import { englishOnScreenIn, inLanguage } from "./language-support.ts";
import { linkFrom, openLive, uniqueEmail, waitForMail } from "./support.ts";

/**
 * Issue 31: the main journeys in a French browser (fr-CA) find no English on screen apart from
 * data and brand names, as tests/e2e/spanish.spec.ts does for Spanish: the public pages,
 * register and verify from the emailed link, join with the code, file, follow, and a steward
 * working the case. French came as catalogues and a language entry only (decision 037).
 */
const PASSWORD = "Union-Strong-2026";
const fr = (englishText: string, namespace?: string) => inLanguage("fr-CA", englishText, namespace);

async function frenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "fr-CA" });
  return context.newPage();
}

/** Waits until the page shows no English (loading states pass), or fails naming what is left. */
async function expectFrench(page: Page, data: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect.poll(() => englishOnScreenIn("fr-CA", page, data), { timeout: 10_000 }).toEqual([]);
}

test("public pages in a French browser: French from the first byte, no English", async ({
  browser,
}) => {
  const page = await frenchPage(browser);
  for (const path of ["/home", "/platform-plans", "/website-packages", "/security", "/contact"]) {
    // The pre-rendered HTML itself is French (before any script runs), for fr-FR too.
    for (const accept of ["fr-CA,fr;q=0.9", "fr-FR"]) {
      const response = await page.request.get(path, { headers: { "accept-language": accept } });
      expect(await response.text()).toContain('lang="fr-CA"');
    }
    await openLive(page, path);
    await expectFrench(page);
  }
  // A form's messages arrive once a form is used: the empty contact form, sent at once, says
  // what is missing in French.
  await openLive(page, "/contact");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(fr("Please enter your name", "messages"))).toBeVisible();
  await expectFrench(page);
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
  // The steward reads the portal in French (chosen on the profile).
  await sql`UPDATE users SET language = 'fr-CA' WHERE id = ${local.steward.id}`.execute(backend.db);
  const lucia = { name: "Élise Tremblay", email: uniqueEmail("elise") };
  const description = "On a changé mon circuit sans le préavis prévu à la convention collective.";
  const remedy = "Me rendre mon circuit et payer les heures perdues.";
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

  // Register: the page, its messages and the verification mail are French.
  const page = await frenchPage(browser);
  await page.goto("/register?accountType=member");
  await expectFrench(page, data);
  await page.locator('input[name="name"]').fill(lucia.name);
  await page.locator('input[name="email"]').fill(lucia.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  const mail = await waitForMail(lucia.email, "Confirmez votre compte UnionHall");
  expect(mail.text).toContain("Bonjour Élise Tremblay,");

  // Verify from the mail's link, then sign in.
  await page.goto(linkFrom(mail, "/verify-email"));
  await expect(page.getByText(fr("Your email has been verified."))).toBeVisible();
  await expectFrench(page, data);
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(lucia.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/join-org$/, { timeout: 15_000 });
  await expectFrench(page, data);

  // Join with the local's code.
  await page.locator('input[name="inviteCode"]').fill(local.inviteCode);
  await page.locator('form button[type="submit"]').click();
  await page.getByRole("button", { name: new RegExp(local.name) }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expectFrench(page, data);

  // File.
  await page.goto("/submit-grievance");
  await expectFrench(page, data);
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
  await expectFrench(page, [...data, id ?? ""]);

  // Follow: the tracker and the case.
  await page.goto("/grievances");
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expectFrench(page, [...data, id ?? ""]);
  await page.goto(`/grievances/${id}`);
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expectFrench(page, [...data, id ?? ""]);

  // The steward works it: dashboard, tracker, the case with a comment, the deadline board.
  const steward = local.steward.page;
  const stewardData = [...data, id ?? "", local.steward.name, local.admin.name, local.member.name];
  const comment = "J'ai demandé au garage les relevés d'horaires.";
  await steward.goto("/dashboard");
  await expectFrench(steward, stewardData);
  await steward.goto(`/grievances/${id}`);
  await expect(steward.getByText(id ?? "").first()).toBeVisible();
  await expectFrench(steward, stewardData);
  await steward.getByRole("textbox", { name: fr("Comment", "grievances") }).fill(comment);
  await steward.getByRole("button", { name: fr("Post comment", "grievances") }).click();
  await expect(steward.getByRole("textbox", { name: fr("Comment", "grievances") })).toHaveValue("");
  await expectFrench(steward, [...stewardData, comment]);
  // French runs longer than English: on a phone the steward's case page still fits its width.
  await steward.setViewportSize({ width: 390, height: 844 });
  await steward.reload();
  await expect(steward.getByText(id ?? "").first()).toBeVisible();
  expect(await steward.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await steward.setViewportSize({ width: 1280, height: 720 });
  await steward.goto("/deadlines");
  await expectFrench(steward, stewardData);
  await steward.goto("/reports");
  await expectFrench(steward, stewardData);

  // The detector's positive control: the admin reads English, and it says so.
  await local.admin.page.goto("/dashboard");
  await expect(local.admin.page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect
    .poll(async () => (await englishOnScreenIn("fr-CA", local.admin.page, stewardData)).length)
    .toBeGreaterThan(5);

  // Élise is told in French that her grievance has an update.
  const update = await waitForMail(
    lucia.email,
    fr("Update on your grievance {{id}}", "mail").replace("{{id}}", id ?? ""),
  );
  expect(update.text).not.toMatch(/\bYour grievance\b/);
});
