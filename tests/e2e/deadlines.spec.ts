import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

/** The board's row (a table row on a desktop, a card on a phone) of one demo grievance. */
const rowOf = (page: Page, subject: string) =>
  page.getByRole("row").or(page.getByTestId("row-card")).filter({ hasText: subject });

async function openBoard(page: Page) {
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Deadlines" })
    .click();
  await expect(page).toHaveURL(/\/deadlines$/);
  await expect(page.getByRole("heading", { name: "Deadlines", level: 1 })).toBeVisible();
  for (const group of ["Overdue", "Today", "This week", "Later"])
    await expect(
      page.getByRole("heading", { name: new RegExp(`^${group} \\(\\d+\\)$`) }),
    ).toBeVisible();
}

test("the deadlines board as an admin: groups, filters and the workload, on desktop and phone", async ({
  newLocal,
}) => {
  test.setTimeout(180_000);
  const { admin, steward } = await newLocal("Deadline Local 40", { demo: true });
  const page = admin.page;
  await openBoard(page);
  // The demo's steward holds the night-shift case (Step 1, the employer's answer running) and
  // the overtime case (answered: our appeal running).
  const nightShift = rowOf(page, "Night-shift differential missing");
  await expect(nightShift).toContainText("Employer answer due");
  await expect(nightShift).toContainText("Step 1");
  await expect(nightShift).toContainText(steward.name);
  await expect(nightShift).toContainText(/\((in \d+ days|tomorrow|today|\d+ days? overdue)\)/);
  await expect(rowOf(page, "Mandatory overtime without 24 hours' notice")).toContainText(
    "Our appeal due",
  );
  await expect(page.getByRole("heading", { name: "Workload" })).toBeVisible();
  const load = page.getByRole("row").filter({ hasText: steward.name }).last();
  await expect(load).toBeVisible();
  await expect(page.getByText(/^Unassigned open cases: \d+$/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/deadlines-admin.png", fullPage: true });

  // Filters: the admin holds none; the steward's are theirs; unassigned ones are nobody's.
  const show = page.getByLabel("Show");
  await show.selectOption({ label: "Mine" });
  await expect(nightShift).toHaveCount(0);
  const stewardOption = show.locator("option", { hasText: steward.name });
  await show.selectOption((await stewardOption.getAttribute("value")) ?? "");
  await expect(nightShift).toBeVisible();
  await show.selectOption({ label: "Unassigned" });
  await expect(nightShift).toHaveCount(0);
  await show.selectOption({ label: "Everyone's" });
  await expect(nightShift).toBeVisible();

  // A phone: cards, not a table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("table")).toHaveCount(0);
  const card = page.getByTestId("row-card").filter({ hasText: "Night-shift differential missing" });
  await expect(card).toContainText("Employer answer due");
  await expect(card).toContainText(steward.name);
  await page.screenshot({ path: "test-results/screens/deadlines-admin-phone.png", fullPage: true });
});

test("the deadlines board as a steward: mine, no workload; reached from 'More' on a phone", async ({
  newLocal,
}) => {
  test.setTimeout(180_000);
  const { steward } = await newLocal("Deadline Local 41", { demo: true });
  const page = steward.page;
  await openBoard(page);
  await expect(page.getByRole("heading", { name: "Workload" })).toHaveCount(0);
  await page.getByLabel("Show").selectOption({ label: "Mine" });
  await expect(rowOf(page, "Night-shift differential missing")).toContainText(
    "Employer answer due",
  );
  await expect(rowOf(page, "Second paid break denied on line 4")).toContainText("Step 2");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Mobile" })
    .getByRole("button", { name: "More" })
    .click();
  await page
    .getByRole("dialog", { name: "More Options" })
    .getByRole("link", { name: "Deadlines" })
    .click();
  await expect(page).toHaveURL(/\/deadlines$/);
  const card = page.getByTestId("row-card").filter({ hasText: "Night-shift differential missing" });
  await expect(card).toContainText("Employer answer due");
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.screenshot({
    path: "test-results/screens/deadlines-steward-phone.png",
    fullPage: true,
  });
});
