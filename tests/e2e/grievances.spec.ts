import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, waitForMail } from "./support.ts";

test("a member files with an attachment; a steward sees it live, escalates and resolves; the member follows", async ({
  newLocal,
}) => {
  test.setTimeout(120_000);
  const { member, steward } = await newLocal("Filing Local 60", { demo: true });
  const memberPage = member.page;
  const stewardPage = steward.page;

  await stewardPage.goto("/dashboard");
  const total = stewardPage.getByTestId("stat-Total Grievances");
  await expect(total).not.toHaveText("–");
  const before = Number(await total.textContent());

  await memberPage.goto("/dashboard");
  await memberPage
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Submit Grievance" })
    .click();
  await expect(memberPage.getByLabel("Full name")).toHaveValue(member.name);
  await expect(memberPage.getByLabel("Badge number")).toHaveValue(member.badge ?? "");
  await memberPage.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(memberPage.getByText("Job title is required")).toBeVisible();
  await expect(memberPage.getByText("Please provide a detailed description")).toBeVisible();
  await memberPage.getByLabel("Job title").selectOption("Machine Operator");
  await memberPage.getByLabel("Location").selectOption("South Plant");
  await memberPage
    .getByLabel("What happened?")
    .fill("My shift was changed without the notice the contract requires.");
  await memberPage.getByLabel("Remedy sought").fill("Restore my shift and pay for the lost hours.");
  const dir = mkdtempSync(path.join(tmpdir(), "unionhall-grievance-"));
  const evidence = path.join(dir, "schedule.pdf");
  writeFileSync(
    evidence,
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  await memberPage.locator('input[type="file"]').setInputFiles(evidence);
  await expect(memberPage.getByText("schedule.pdf")).toBeVisible();
  await expectAccessible(memberPage);
  await memberPage.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(memberPage.getByRole("button", { name: "Submitting..." })).toBeVisible();
  await expect(memberPage.getByText("Grievance Submitted")).toBeVisible();
  const description = await memberPage
    .getByText(/Your grievance G-\d{4}-\d{4,} has been filed\./)
    .textContent();
  const id = (description ?? "").match(/G-\d{4}-\d{4,}/)?.[0] ?? "";
  await expect(memberPage).toHaveURL(/\/grievances$/, { timeout: 5000 });
  await expect(memberPage.getByRole("heading", { name: "My Grievances" })).toBeVisible();

  // The steward's dashboard moves without a reload.
  await expect(total).toHaveText(String(before + 1), { timeout: 10_000 });

  await stewardPage.goto(`/grievance/${id}`);
  await expect(stewardPage).toHaveURL(new RegExp(`/grievances/${id}$`));
  await expect(stewardPage.getByRole("link", { name: /schedule\.pdf/ })).toBeVisible();
  await stewardPage.getByRole("button", { name: "Escalate" }).click();
  await stewardPage.getByLabel("Comment (optional)").fill("Sent to the chief steward");
  await stewardPage.getByRole("dialog").getByRole("button", { name: "Escalate" }).click();
  await expect(stewardPage.getByText("Grievance Escalated")).toBeVisible();
  await expect(
    stewardPage.getByText("Escalated to Step 2: Sent to the chief steward"),
  ).toBeVisible();
  await stewardPage.getByRole("button", { name: "Close grievance" }).click();
  await stewardPage.getByRole("dialog").getByLabel("Outcome").selectOption("granted");
  await stewardPage.getByRole("dialog").getByLabel("Summary").fill("The schedule is fixed.");
  await stewardPage.getByRole("dialog").getByRole("button", { name: "Close grievance" }).click();
  await expect(stewardPage.getByText("Grievance Closed")).toBeVisible();
  // Issue 14: a resolved grievance hides the actions it no longer allows.
  await expect(stewardPage.getByRole("button", { name: "Escalate" })).toHaveCount(0);
  await expect(stewardPage.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  await expectAccessible(stewardPage);
  await stewardPage.screenshot({
    path: "test-results/screens/grievance-detail-desktop.png",
    fullPage: true,
  });

  // In the tracker the resolved grievance offers neither action.
  await stewardPage.goto("/grievances?status=resolved");
  await expect(stewardPage.getByRole("heading", { name: "Grievance Tracker" })).toBeVisible();
  await expect(stewardPage.getByRole("link", { name: `View ${id}` })).toBeVisible();
  await expect(stewardPage.getByRole("button", { name: `Escalate ${id}` })).toHaveCount(0);
  await expect(stewardPage.getByRole("button", { name: `Resolve ${id}` })).toHaveCount(0);
  await expectAccessible(stewardPage);

  // The member sees the log and got both emails.
  await memberPage.goto(`/grievances/${id}`);
  await expect(memberPage.getByText("Resolved", { exact: true }).first()).toBeVisible();
  await expect(
    memberPage.getByText("Escalated to Step 2: Sent to the chief steward"),
  ).toBeVisible();
  await expect(memberPage.getByText(`Grievance filed by ${member.name}.`)).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  await memberPage.getByLabel("Comment").fill("Thank you!");
  await memberPage.getByRole("button", { name: "Post comment" }).click();
  await expect(memberPage.getByText("Comment: Thank you!")).toBeVisible();
  const mail = await waitForMail(member.email, `Update on your grievance ${id}`);
  expect(mail.text).toMatch(/Escalated|Closed at Step 2/);
  await memberPage.setViewportSize({ width: 375, height: 740 });
  await memberPage.screenshot({
    path: "test-results/screens/grievance-detail-phone.png",
    fullPage: true,
  });
});

test("the dashboard's cards lead to the filtered tracker; an unknown grievance says so", async ({
  newLocal,
}) => {
  const { admin } = await newLocal("Dashboard Local 61", { demo: true });
  const page = admin.page;
  await page.goto("/dashboard");
  await expect(page.getByText("Recent Activity")).toBeVisible();
  await page.getByRole("link", { name: "View all: Escalated Grievances" }).click();
  await expect(page).toHaveURL(/\/grievances\?status=escalated$/);
  await expect(page.getByLabel("Status")).toHaveValue("escalated");
  await page.goto("/grievances/G-1999-9999");
  await expect(page.getByRole("heading", { name: "Grievance Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Grievances" }).first().click();
  await expect(page).toHaveURL(/\/grievances$/);
  await page.goto("/dashboard");
  // The portal footer: the credit line and the current year's copyright line (issue 14).
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Built by the UnionHall team");
  await expect(footer).toContainText(
    `© ${new Date().getFullYear()} UnionHall. All rights reserved.`,
  );
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/dashboard-admin.png", fullPage: true });
});

test("on a phone the tracker lists grievances as labelled cards; from lg up as a table", async ({
  newLocal,
}) => {
  const { steward } = await newLocal("Tracker Local 62", { demo: true });
  const page = steward.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/grievances");
  const cards = page.getByTestId("row-card");
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  // Each card keeps the row's link and labels its fields.
  const first = cards.first();
  await expect(first.getByRole("link", { name: /^View G-/ })).toBeVisible();
  await expect(first.getByRole("term").filter({ hasText: "Next deadline" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/grievances-phone.png", fullPage: true });

  // A grievance tapped low in the list opens at the top of its page: it opened 906 px down it,
  // in the middle of the procedure, where the list had been scrolled.
  const last = cards.last().getByRole("link", { name: /^View G-/ });
  await last.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await last.click();
  await expect(page).toHaveURL(/\/grievances\/G-\d{4}-\d{4}$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards.first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("table")).toBeVisible();
  await expect(cards).toHaveCount(0);
});
