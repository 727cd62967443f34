import { type Browser, expect, type Page } from "@playwright/test";
import { sql } from "kysely";
import type { DB } from "../../src/server/db/connection.ts";
import { publicHolidays } from "../../src/server/lib/procedure/holidays.ts";
import { addDays } from "../../src/shared/deadline-engine/index.ts";
import { CATALOGUES } from "../../src/shared/i18n/catalogues.ts";
import { type Language, LOCALE_TAG } from "../../src/shared/i18n/languages.ts";
import { api, type Local } from "./fixtures.ts";
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

  await employerAndSetupInLanguage({ browser, local, db }, j, id ?? "", stewardData);

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

/**
 * Issue 31's walk found English where the journey did not go: the employer's name for itself
 * in the case's log ('Employer'), US holidays the library names only in English
 * ('Thanksgiving Day') in the Procedure tab and the deadline preview, and the provinces in the
 * region picker ('British Columbia'). The employer answers through its link in the language,
 * the steward reads the log, and the admin (in the language for this part) goes through every
 * tab of Organization Setup.
 */
async function employerAndSetupInLanguage(
  { browser, local, db }: { browser: Browser; local: Local; db: DB },
  j: Journey,
  id: string,
  data: string[],
) {
  const inIt = (englishText: string, namespace?: string) =>
    inLanguage(j.language, englishText, namespace);
  const contact = { name: "Dana Reyes", title: "RH", email: uniqueEmail("hr") };
  const withContact = [...data, contact.name, contact.email];
  const { id: contactId } = await api<{ id: string }>(
    local.admin,
    "POST",
    "/api/employer-contacts",
    contact,
  );
  await api(local.steward, "POST", `/api/grievances/${id}/serve`, { contactId });
  const served = CATALOGUES[j.language].mail.employer as Record<string, string> | undefined;
  const subject = (served?.subject ?? "")
    .replace("{{id}}", id)
    .replace("{{organization}}", local.name);
  const mail = await waitForMail(contact.email, subject);
  const employer = await pageIn(browser, j.language);
  await employer.setViewportSize({ width: 390, height: 844 });
  await employer.goto(linkFrom(mail, "/respond/"));
  await expect(employer.getByText(id).first()).toBeVisible({ timeout: 30_000 });
  // The served PDF's SHA-256 is data too (its hex digits can spell 'be' or 'add').
  const hash =
    ((await employer.locator("body").textContent()) ?? "").match(/[0-9a-f]{64}/)?.[0] ?? "";
  expect(hash).not.toBe("");
  withContact.push(hash);
  await expectIn(j.language, employer, withContact);
  await employer.getByLabel(inIt("Denied", "employer")).check();
  await employer.getByLabel(inIt("The answer", "employer")).fill(j.comment);
  await employer.getByRole("button", { name: inIt("Send the answer", "employer") }).click();
  await expect(employer.getByTestId("employer-answer")).toContainText(j.comment);
  await expectIn(j.language, employer, [...withContact, j.comment]);
  await employer.context().close();
  // The steward's log names the employer in the language.
  await local.steward.page.goto(`/grievances/${id}`);
  const roles = CATALOGUES[j.language].grievances.role as Record<string, string>;
  await expect(
    local.steward.page
      .getByRole("listitem")
      .filter({ hasText: contact.name })
      .getByText(roles.employer ?? "", { exact: true })
      .first(),
  ).toBeVisible();
  await expectIn(j.language, local.steward.page, [...withContact, j.comment]);

  // The admin reads Organization Setup in the language, then English again for the control.
  // The time-zone picker lists IANA identifiers ('America/Port_of_Spain'): codes, not words.
  const zones = Intl.supportedValuesOf("timeZone").map((z) => z.replaceAll("_", " "));
  withContact.push(...zones);
  await sql`UPDATE users SET language = ${j.language} WHERE id = ${local.admin.id}`.execute(db);
  const admin = local.admin.page;
  for (const tab of ["", "?tab=procedure", "?tab=articles", "?tab=employer", "?tab=data"]) {
    await admin.goto(`/organization-setup${tab}`);
    await expect(admin.getByRole("tab").first()).toBeVisible({ timeout: 30_000 });
    await expectIn(j.language, admin, withContact);
  }
  // The Procedure tab: this year's US holidays in the language (the list and a preview that
  // counts past Thanksgiving), and Canada's provinces by their names in it.
  await admin.goto("/organization-setup?tab=procedure");
  const year = new Date().getUTCFullYear();
  const thanksgiving = [...publicHolidays("US", year)].find(([, n]) => n === "Thanksgiving Day");
  const inLanguageName = publicHolidays("US", year, j.language).get(thanksgiving?.[0] ?? "");
  expect(inLanguageName).toBeTruthy();
  await expect(admin.getByText(inLanguageName ?? "", { exact: true }).first()).toBeVisible();
  await admin
    .getByLabel(inIt("Try a filing date", "organizations"))
    .fill(addDays(thanksgiving?.[0] ?? "", -6));
  await expect(admin.getByTestId("deadline-preview").locator("..")).toContainText(
    inLanguageName ?? "",
  );
  await expectIn(j.language, admin, withContact);
  await expect(admin.locator("body")).not.toContainText("Thanksgiving Day");
  const procedure = CATALOGUES[j.language].organizations.procedure as {
    region: { names: Record<string, Record<string, string>> };
  };
  const names = procedure.region.names;
  await admin
    .getByLabel(inIt("Public holidays of", "organizations"), { exact: true })
    .selectOption("CA");
  const state = admin.getByLabel(inIt("State or province", "organizations"));
  await expect(state.locator("option", { hasText: names.CA?.BC ?? "" })).toHaveCount(1);
  if (names.CA?.BC !== "British Columbia") {
    await expect(state.locator("option", { hasText: "British Columbia" })).toHaveCount(0);
  }
  await expectIn(j.language, admin, withContact);
  await sql`UPDATE users SET language = 'en' WHERE id = ${local.admin.id}`.execute(db);
}
