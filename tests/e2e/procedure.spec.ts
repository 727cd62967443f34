import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

test("an admin sets 5 business days and a closure day and sees the preview change", async ({
  newLocal,
}) => {
  // Generous: axe reads every option of the time zone and country lists (30 s on a busy CI box).
  test.setTimeout(240_000);
  // A new local on the default procedure.
  const page = (await newLocal("Garment Workers Local 25")).admin.page;

  await page.goto("/organization-setup");
  await page.getByRole("tab", { name: "Procedure" }).click();
  await expect(page).toHaveURL(/\/organization-setup\?tab=procedure$/);

  // The default: four steps, 10 business days, US holidays (Thanksgiving on 26 November).
  const step1 = page.getByRole("listitem", { name: "Step 1: Step 1" });
  await expect(step1.getByLabel("Employer's answer within", { exact: true })).toHaveValue("10");
  await expect(page.getByRole("listitem", { name: "Step 4: Arbitration" })).toContainText(
    "Last step: no further appeal",
  );
  await page.getByLabel("Try a filing date").fill("2026-11-23");
  const preview = page.getByTestId("deadline-preview");
  await expect(preview).toHaveText("Filed on Monday 23 November: due Tuesday 8 December");

  // The limit changes the preview live, before saving.
  await step1.getByLabel("Employer's answer within", { exact: true }).fill("5");
  await expect(preview).toHaveText("Filed on Monday 23 November: due Tuesday 1 December");
  const explanation = page.getByRole("list", { name: "How it was computed" });
  await expect(explanation).toContainText("skipped Thu 26 Nov (Thanksgiving Day, public holiday)");

  // A limit out of range is shown on its field and not saved.
  await step1.getByLabel("Employer's answer within", { exact: true }).fill("400");
  await page.getByRole("button", { name: "Save procedure" }).click();
  await expect(step1.getByText("Enter a number of days from 1 to 365")).toBeVisible();
  await step1.getByLabel("Employer's answer within", { exact: true }).fill("5");

  // The local closes the Friday after Thanksgiving: saved, the preview moves a day.
  await page.getByLabel("Closure date").fill("2026-11-27");
  await page.getByLabel("What is closed").fill("Union office closed");
  await page.getByRole("button", { name: "Add closure" }).click();
  await expect(page.getByRole("list", { name: "Closure days" })).toContainText("Fri 27 Nov 2026");
  // Fair representation (issue 34): the defaults, then a local's own limits and appeal route.
  const contact = page.getByLabel("Flag a case when a grievant has not heard from the union for", {
    exact: true,
  });
  const reply = page.getByLabel("Reply to a member's question within", { exact: true });
  await expect(contact).toHaveValue("10");
  await expect(reply).toHaveValue("2");
  await contact.fill("7");
  await page
    .getByLabel("Flag a case when a grievant has not heard from the union for: kind of days")
    .selectOption("calendar");
  await reply.fill("3");
  await page.getByLabel(/internal appeal route/).check();
  await page
    .getByLabel("How a member appeals the local's decision")
    .fill("Write to the executive board.");
  await page.getByLabel("Appeal within (calendar days from the notice)").fill("30");
  await page.getByRole("button", { name: "Save procedure" }).click();
  await expect(page.getByText("Procedure saved")).toBeVisible();
  await expect(preview).toHaveText("Filed on Monday 23 November: due Wednesday 2 December");
  await expect(explanation).toContainText("skipped Fri 27 Nov (Union office closed)");
  await expectAccessible(page);

  // Stored: a reload shows the same procedure.
  await page.reload();
  await expect(step1.getByLabel("Employer's answer within", { exact: true })).toHaveValue("5");
  await expect(page.getByRole("list", { name: "Closure days" })).toContainText(
    "Union office closed",
  );
  await expect(contact).toHaveValue("7");
  await expect(
    page.getByLabel("Flag a case when a grievant has not heard from the union for: kind of days"),
  ).toHaveValue("calendar");
  await expect(reply).toHaveValue("3");
  await expect(page.getByLabel("How a member appeals the local's decision")).toHaveValue(
    "Write to the executive board.",
  );
  await expect(page.getByLabel("Appeal within (calendar days from the notice)")).toHaveValue("30");
  await page.screenshot({ path: "test-results/screens/procedure-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  // Five tabs (Articles joined them) wrap on a phone rather than widen the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "test-results/screens/procedure-phone.png", fullPage: true });
  await expectAccessible(page);
});
