import { type Browser, expect, type Page } from "@playwright/test";
import { sql } from "kysely";
import type { DB } from "../../src/server/db/connection.ts";
import { type Language, LOCALE_TAG } from "../../src/shared/i18n/languages.ts";
import type { Local } from "./fixtures.ts";
import { englishOnScreenIn, inLanguage } from "./language-support.ts";
import { linkFrom, uniqueEmail, waitForMail } from "./support.ts";

/**
 * The main journey in a language other than English (issue 22 for Spanish, issue 31 for
 * French), one walk for every language: register and verify from the emailed link, join with
 * the code, file, follow, and a steward working the case; no English on screen apart from data
 * and brand names. Each language's spec gives its own people and words.
 */
const PASSWORD = "Union-Strong-2026";

/** A browser page whose context speaks `language`. */
export async function pageIn(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({ locale: LOCALE_TAG[language] });
  return context.newPage();
}

/** Waits until the page shows no English (loading states pass), or fails naming what is left. */
export async function expectIn(language: Language, page: Page, data: string[] = []) {
  await expect(page.locator("html")).toHaveAttribute("lang", LOCALE_TAG[language]);
  await expect.poll(() => englishOnScreenIn(language, page, data), { timeout: 10_000 }).toEqual([]);
}

export interface Journey {
  language: Language;
  /** The member who registers: their name and the start of their address. */
  grievant: { name: string; emailPrefix: string };
  /** What they type: the grievance's description and remedy, and the steward's comment. */
  description: string;
  remedy: string;
  comment: string;
  /** The verification mail's subject and greeting, as the member reads them. */
  verifySubject: string;
  greeting: string;
  /** Checks the steward's case page on a phone (a language that runs longer than English). */
  phoneWidth?: number;
}

export async function walkTheMainJourney(
  { browser, local, db }: { browser: Browser; local: Local; db: DB },
  j: Journey,
) {
  const inIt = (englishText: string, namespace?: string) =>
    inLanguage(j.language, englishText, namespace);
  // The steward reads the portal in the language too (chosen on the profile).
  await sql`UPDATE users SET language = ${j.language} WHERE id = ${local.steward.id}`.execute(db);
  const person = { name: j.grievant.name, email: uniqueEmail(j.grievant.emailPrefix) };
  // The local keeps the product's default departments (its list is empty) and typed its own job
  // titles and locations: the default step names and departments read in the language, what it
  // typed as typed (decision 039). No step name is data any more: an English one fails.
  const stepOne = inIt("Step {{n}}", "grievances").replace("{{n}}", "1");
  const department = inIt("Human Resources", "grievances");
  const data = [
    local.name,
    person.name,
    person.email,
    j.description,
    j.remedy,
    "Driver",
    "North Garage",
  ];

  // Register: the page, its messages and the verification mail are in the language.
  const page = await pageIn(browser, j.language);
  await page.goto("/register?accountType=member");
  await expectIn(j.language, page, data);
  await page.locator('input[name="name"]').fill(person.name);
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login$/);
  const mail = await waitForMail(person.email, j.verifySubject);
  expect(mail.text).toContain(j.greeting);

  // Verify from the mail's link, then sign in.
  await page.goto(linkFrom(mail, "/verify-email"));
  await expect(page.getByText(inIt("Your email has been verified."))).toBeVisible();
  await expectIn(j.language, page, data);
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/join-org$/, { timeout: 15_000 });
  await expectIn(j.language, page, data);

  // Join with the local's code.
  await page.locator('input[name="inviteCode"]').fill(local.inviteCode);
  await page.locator('form button[type="submit"]').click();
  await page.getByRole("button", { name: new RegExp(local.name) }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expectIn(j.language, page, data);

  // The admin empties the departments list: the product's defaults apply.
  const lists = await local.admin.page.request.put("/api/organization/config", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name: local.name,
      jobTitles: ["Driver"],
      departments: [],
      locations: ["North Garage"],
    },
  });
  expect(lists.status()).toBe(200);

  // File.
  await page.goto("/submit-grievance");
  await expectIn(j.language, page, data);
  await page.locator('input[name="badgeNumber"]').fill("T-4411");
  for (const field of ["jobTitle", "department", "location"])
    await page.locator(`select[name="${field}"]`).selectOption({ index: 1 });
  // The first default department, shown in the language (stored as the product's key).
  await expect(page.locator('select[name="department"] option:checked')).toHaveText(department);
  await page.locator('textarea[name="description"]').fill(j.description);
  await page.locator('textarea[name="remedy"]').fill(j.remedy);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(/G-\d{4}-\d{4,}/).first()).toBeVisible({ timeout: 15_000 });
  const id = (
    (await page
      .getByText(/G-\d{4}-\d{4,}/)
      .first()
      .textContent()) ?? ""
  ).match(/G-\d{4}-\d{4,}/)?.[0];
  expect(id).toBeTruthy();
  await expectIn(j.language, page, [...data, id ?? ""]);

  // Follow: the tracker and the case.
  await page.goto("/grievances");
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: stepOne, exact: true }).first()).toBeVisible();
  await expectIn(j.language, page, [...data, id ?? ""]);
  await page.goto(`/grievances/${id}`);
  await expect(page.getByText(id ?? "").first()).toBeVisible();
  await expect(page.getByText(department, { exact: true }).first()).toBeVisible();
  await expectIn(j.language, page, [...data, id ?? ""]);

  // The steward works it: dashboard, tracker, the case with a comment, the deadline board.
  const steward = local.steward.page;
  const stewardData = [...data, id ?? "", local.steward.name, local.admin.name, local.member.name];
  await steward.goto("/dashboard");
  await expectIn(j.language, steward, stewardData);
  await steward.goto(`/grievances/${id}`);
  await expect(steward.getByText(id ?? "").first()).toBeVisible();
  await expectIn(j.language, steward, stewardData);
  await steward.getByRole("textbox", { name: inIt("Comment", "grievances") }).fill(j.comment);
  await steward.getByRole("button", { name: inIt("Post comment", "grievances") }).click();
  await expect(steward.getByRole("textbox", { name: inIt("Comment", "grievances") })).toHaveValue(
    "",
  );
  await expectIn(j.language, steward, [...stewardData, j.comment]);
  if (j.phoneWidth) {
    // On a phone the steward's case page still fits its width.
    const size = steward.viewportSize();
    await steward.setViewportSize({ width: j.phoneWidth, height: 844 });
    await steward.reload();
    await expect(steward.getByText(id ?? "").first()).toBeVisible();
    expect(await steward.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      j.phoneWidth,
    );
    if (size) await steward.setViewportSize(size);
  }
  await steward.goto("/deadlines");
  await expect(steward.getByRole("cell", { name: stepOne, exact: true }).first()).toBeVisible();
  await expectIn(j.language, steward, stewardData);
  await steward.goto("/reports");
  await expectIn(j.language, steward, stewardData);

  // The detector's positive control: the admin reads English, and it says so.
  await local.admin.page.goto("/dashboard");
  await expect(local.admin.page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect
    .poll(async () => (await englishOnScreenIn(j.language, local.admin.page, stewardData)).length)
    .toBeGreaterThan(5);

  // The admin in the language: Organization Setup shows the default departments and the
  // default steps in it (the typed entries as typed), and saving keeps them the defaults.
  await sql`UPDATE users SET language = ${j.language} WHERE id = ${local.admin.id}`.execute(db);
  const admin = local.admin.page;
  await admin.goto("/organization-setup");
  await expect(admin.getByText(department, { exact: true })).toBeVisible();
  await expect(admin.getByText("North Garage", { exact: true })).toBeVisible();
  await admin.goto("/organization-setup?tab=procedure");
  const stepNames = admin.getByRole("textbox", {
    name: new RegExp(inIt("Step {{number}} name", "organizations").replace("{{number}}", "\\d+")),
  });
  await expect(stepNames.first()).toHaveValue(stepOne);
  await expect(stepNames.last()).toHaveValue(inIt("Arbitration", "grievances"));
  const [saved] = await Promise.all([
    admin.waitForResponse(
      (r) => r.url().endsWith("/api/organization/procedure") && r.request().method() === "PUT",
    ),
    admin.getByRole("button", { name: inIt("Save procedure", "organizations") }).click(),
  ]);
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { steps: { name: string }[] }).steps.map((s) => s.name)).toEqual([
    "Step 1",
    "Step 2",
    "Step 3",
    "Arbitration",
  ]);
  await sql`UPDATE users SET language = 'en' WHERE id = ${local.admin.id}`.execute(db);

  // The member is told in the language that their grievance has an update.
  const update = await waitForMail(
    person.email,
    inIt("Update on your grievance {{id}}", "mail").replace("{{id}}", id ?? ""),
  );
  expect(update.text).not.toMatch(/\bYour grievance\b/);
}
