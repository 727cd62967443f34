import type { Page } from "@playwright/test";
import { workCalendar } from "../../src/server/lib/procedure/calendar.ts";
import {
  addDays,
  computeDueDate,
  shortDay,
  todayIn,
} from "../../src/shared/deadline-engine/index.ts";
import { expect, type Person, test } from "./fixtures.ts";
import { axe, expectAccessible } from "./support.ts";

const PHONE = { width: 390, height: 844 };
const TIME_ZONE = "America/New_York"; // a new local's default

/** Files a grievance through the form as `member`; answers its id. */
async function fileGrievance(
  page: Page,
  g: { subject: string; incidentDate?: string; articles?: string[] },
): Promise<string> {
  await page.goto("/submit-grievance");
  await page.getByLabel("Subject (optional)").fill(g.subject);
  if (g.incidentDate) await page.getByLabel("Incident date (optional)").fill(g.incidentDate);
  for (const article of g.articles ?? []) {
    await page.getByLabel("Contract articles (optional)").fill(article);
    await page.getByRole("button", { name: "Add article" }).click();
  }
  await page.getByLabel("Job title").selectOption("Driver");
  await page.getByLabel("Department").selectOption("Transit");
  await page.getByLabel("Location").selectOption("North Garage");
  await page.getByLabel("Badge number").fill("T-1001");
  await page
    .getByLabel("What happened?")
    .fill("I was sent home without pay after refusing an unsafe bus with failed brakes.");
  await page.getByLabel("Remedy sought").fill("Pay for the lost shift and a brake inspection.");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  const description = await page
    .getByText(/Your grievance G-\d{4}-\d{4,} has been filed\./)
    .textContent();
  return (description ?? "").match(/G-\d{4}-\d{4,}/)?.[0] ?? "";
}

/** Opens `url` and waits for the page's heading (on a busy machine the first render is slow). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  return page;
}

const signedInPage = (person: Person, url: string) => open(person.page, url);

test("an admin sets 5 business days and a closure day; a steward works a denial, an extension and an appeal; the member sees Step 2", async ({
  newLocal,
}) => {
  test.setTimeout(300_000);
  const { admin, steward, member } = await newLocal("Transit Workers Local 9");
  const today = todayIn(TIME_ZONE, new Date());
  // The local closes on the first working day after today: the appeal deadline skips it.
  const usCalendar = workCalendar({ holidayRegion: "US", closures: [] });
  let closure = addDays(today, 1);
  while (
    [0, 6].includes(new Date(`${closure}T00:00:00Z`).getUTCDay()) ||
    usCalendar.holidayName(closure)
  )
    closure = addDays(closure, 1);

  // The admin's Procedure tab: 5 business days each way at Steps 1 and 2, and the closure.
  const adminPage = await signedInPage(admin, "/organization-setup?tab=procedure");
  for (const n of [1, 2]) {
    const step = adminPage.getByRole("listitem", { name: `Step ${n}: Step ${n}` });
    await step.getByLabel("Employer's answer within", { exact: true }).fill("5");
    await step.getByLabel("Union's appeal within", { exact: true }).fill("5");
  }
  await adminPage.getByLabel("Closure date").fill(closure);
  await adminPage.getByLabel("What is closed").fill("Training day");
  await adminPage.getByRole("button", { name: "Add closure" }).click();
  await adminPage.getByRole("button", { name: "Save procedure" }).click();
  await expect(adminPage.getByText("Procedure saved")).toBeVisible();
  const calendar = workCalendar({
    holidayRegion: "US",
    closures: [{ date: closure, name: "Training day" }],
  });
  const fiveBusinessDays = (from: string) =>
    computeDueDate({
      from,
      fromLabel: "filed",
      heading: { kind: "deadline" },
      limit: { days: 5, dayType: "business" },
      calendar,
    }).dueDate;

  // The member files, with the incident date and an article.
  const memberPage = member.page;
  const id = await fileGrievance(memberPage, {
    subject: "Sent home for refusing an unsafe bus",
    incidentDate: addDays(today, -3),
    articles: ["Art. 14.2 Safety"],
  });
  expect(id).not.toBe("");

  // The steward records the employer's denial.
  const stewardPage = await signedInPage(steward, `/grievances/${id}`);
  await expect(stewardPage.getByText("Sent home for refusing an unsafe bus")).toBeVisible();
  await expect(stewardPage.getByText("Art. 14.2 Safety")).toBeVisible();
  await stewardPage.getByRole("button", { name: "Record employer answer" }).click();
  const answer = stewardPage.getByRole("dialog", { name: "Record employer answer" });
  await expect(answer.getByLabel("Received on")).toHaveValue(today);
  await answer.getByLabel("Decision").selectOption("denied");
  await answer.getByLabel("The employer's answer (optional)").fill("No violation of the contract.");
  await answer.getByRole("button", { name: "Record answer" }).click();
  await expect(stewardPage.getByText("Employer Answer Recorded", { exact: true })).toBeVisible();
  await expect(stewardPage.getByRole("button", { name: "Record employer answer" })).toHaveCount(0);
  // An employer answer the grievant can see counts as news for them (issue 18).
  await expect(stewardPage.getByTestId("grievant-last-updated")).toHaveText(
    "Grievant last updated today",
  );

  // The appeal deadline, with its explanation: 5 business days, the closure skipped.
  const appealDue = fiveBusinessDays(today);
  const appeal = stewardPage.getByTestId("step-0").getByTestId("deadline-appeal");
  await expect(appeal).toContainText(`due ${shortDay(appealDue)}`);
  await stewardPage.getByRole("button", { name: "How was this computed?" }).click();
  const lines = stewardPage.getByRole("list", {
    name: "How the union's appeal deadline was computed",
  });
  await expect(lines).toContainText("5 business days");
  await expect(lines).toContainText(`skipped ${shortDay(closure)} (Training day)`);
  await expectAccessible(stewardPage);

  // A mutual extension: a week later, agreed with HR; the earlier date stays visible.
  const extended = addDays(appealDue, 7);
  await stewardPage.getByRole("button", { name: "Extend deadline" }).click();
  const extend = stewardPage.getByRole("dialog", { name: "Extend deadline" });
  // What a steward types here reaches the grievant; the field says so (not an internal note).
  await expect(extend.getByLabel("Comment (optional)")).toHaveAccessibleDescription(
    "The grievant sees this.",
  );
  await extend.getByLabel("New due date").fill(extended);
  await extend.getByLabel("Agreed with").fill("J. Ortiz, HR manager");
  await extend.getByRole("button", { name: "Extend deadline" }).click();
  await expect(stewardPage.getByText("Deadline Extended", { exact: true })).toBeVisible();
  await expect(appeal).toContainText(`due ${shortDay(extended)}`);
  await expect(appeal).toContainText(`extended from ${shortDay(appealDue)}`);
  await expect(lines).toContainText("J. Ortiz, HR manager");

  // Escalate to Step 2: the employer's answer there is due 5 business days from today.
  await stewardPage.getByRole("button", { name: "Escalate to Step 2" }).click();
  const appealDialog = stewardPage.getByRole("dialog", { name: "Escalate to Step 2" });
  await appealDialog.getByLabel("Comment (optional)").fill("Denial appealed at the meeting.");
  await appealDialog.getByRole("button", { name: "Escalate to Step 2" }).click();
  await expect(stewardPage.getByText("Grievance Escalated", { exact: true })).toBeVisible();
  await expect(stewardPage.getByTestId("step-1")).toHaveAttribute("aria-current", "step");
  const step2Due = fiveBusinessDays(today);
  await expect(stewardPage.getByTestId("step-1").getByTestId("deadline-response")).toContainText(
    `due ${shortDay(step2Due)}`,
  );
  await stewardPage.setViewportSize(PHONE);
  await stewardPage.screenshot({
    path: "test-results/screens/grievance-procedure-steward-phone.png",
    fullPage: true,
  });

  // The member sees Step 2 and the next due date in plain words, and no explanation toggle.
  await open(memberPage, `/grievances/${id}`);
  const summary = memberPage.getByTestId("grievant-summary");
  await expect(summary).toContainText("At Step 2.");
  await expect(summary).toContainText(shortDay(step2Due));
  await expect(memberPage.getByRole("button", { name: "How was this computed?" })).toHaveCount(0);
  await expectAccessible(memberPage);
  await memberPage.setViewportSize(PHONE);
  await memberPage.screenshot({
    path: "test-results/screens/grievance-procedure-member-phone.png",
    fullPage: true,
  });
});

test("the tracker shows subject, filed date and age, and sorts by a column", async ({
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal("Bakery Workers Local 3");
  for (const subject of ["Missed break on the night shift", "Aisle blocked by pallets"]) {
    await fileGrievance(member.page, { subject });
    await expect(member.page).toHaveURL(/\/grievances$/, { timeout: 5000 });
  }

  const page = await signedInPage(steward, "/grievances");
  await expect(page.getByRole("heading", { name: "Grievance Tracker" })).toBeVisible();
  for (const header of ["Subject", "Step", "Next deadline", "Filed", "Age"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  const subjects = () => page.locator("tbody tr td:first-child a").allInnerTexts();
  // Newest filed first by default.
  await expect
    .poll(subjects)
    .toEqual(["Aisle blocked by pallets", "Missed break on the night shift"]);
  const filed = new Date().toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
  await expect(page.getByRole("cell", { name: filed }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "today" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Step 1" }).first()).toBeVisible();

  // Subject A to Z, then Z to A; the header says which.
  await page.getByRole("button", { name: "Subject" }).click();
  await expect(page).toHaveURL(/sort=subject/);
  await expect(page.getByRole("columnheader", { name: "Subject" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect
    .poll(subjects)
    .toEqual(["Aisle blocked by pallets", "Missed break on the night shift"]);
  await page.getByRole("button", { name: "Subject" }).click();
  await expect(page.getByRole("columnheader", { name: "Subject" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect
    .poll(subjects)
    .toEqual(["Missed break on the night shift", "Aisle blocked by pallets"]);

  // Oldest filed first.
  await page.getByRole("button", { name: "Filed" }).click();
  await page.getByRole("button", { name: "Filed" }).click();
  await expect(page.getByRole("columnheader", { name: "Filed" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect
    .poll(subjects)
    .toEqual(["Missed break on the night shift", "Aisle blocked by pallets"]);
  await expectAccessible(page);

  // The quick filters: nothing is assigned to this steward, nothing is overdue or due this week yet.
  await page.getByRole("button", { name: "Assigned to me" }).click();
  await expect(page).toHaveURL(/assignee=me/);
  // A filter that leaves nothing says so; the spec's 'Submit a new grievance' is for an empty tracker.
  await expect(
    page.getByText("No grievances found. Try another search, or clear the filters."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Assigned to me" }).click();
  await page.getByRole("button", { name: "Overdue" }).click();
  await expect(page.getByRole("button", { name: "Overdue" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("No grievances found.")).toBeVisible();
  await page.getByRole("button", { name: "Due this week" }).click();
  await expect(page.getByRole("button", { name: "Overdue" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  // The default limit (10 business days) puts both answers beyond this week.
  await expect(page.getByText("No grievances found.")).toBeVisible();
  await page.getByRole("button", { name: "Due this week" }).click();
  await expect.poll(subjects).toHaveLength(2);

  // On a phone: cards with the subject and the next deadline (still oldest filed first).
  await page.setViewportSize(PHONE);
  const card = page.getByTestId("row-card").first();
  await expect(card.getByRole("link", { name: "Missed break on the night shift" })).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("1");
  await expect(card.getByRole("term").filter({ hasText: "Next deadline" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/screens/tracker-phone.png", fullPage: true });
});

test("a resolved grievance offers no actions, on the detail page and in the tracker, in dark mode too", async ({
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal("Hotel Workers Local 11");
  const id = await fileGrievance(member.page, { subject: "Tips withheld in October" });
  const id2 = await fileGrievance(member.page, { subject: "Schedule posted late" });

  const page = await signedInPage(steward, `/grievances/${id}`);
  const actions = [
    "Record employer answer",
    "Escalate to Step 2",
    "Extend deadline",
    "Hold",
    "Close grievance",
  ];
  for (const name of actions) await expect(page.getByRole("button", { name })).toBeVisible();
  // One way to close: with an outcome (issue 30); no bare 'Resolve'.
  await expect(page.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  await page.getByRole("button", { name: "Close grievance" }).click();
  await page.getByRole("dialog").getByLabel("Outcome").selectOption("withdrawn");
  await page.getByRole("dialog").getByLabel("Summary").fill("Withdrawn by the grievant.");
  // Withdrawing needs the reason the grievant is told (issue 34).
  await page
    .getByRole("dialog")
    .getByLabel("Reason for the decision")
    .fill("The grievant asked to withdraw it after the meeting.");
  await page.getByRole("dialog").getByRole("button", { name: "Close grievance" }).click();
  await expect(page.getByText("Grievance Closed", { exact: true })).toBeVisible();
  for (const name of [...actions, "Resume", "Mark as pending"])
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Steward responsible")).toBeDisabled();

  // Dark mode: the grievance is still readable (axe's contrast check over the page's content).
  await page.evaluate(() => {
    localStorage.setItem("theme", "dark");
    document.documentElement.classList.add("dark");
  });
  const dark = await axe(page, { include: "main", rules: ["color-contrast"] });
  expect(dark.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "test-results/screens/resolved-dark-phone.png", fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, "/grievances");
  await expect(page.getByRole("link", { name: `View ${id}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: `Escalate ${id}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Escalate ${id2}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Resolve ${id2}` })).toHaveCount(0);
});
