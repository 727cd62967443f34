import { workCalendar } from "../../src/server/lib/procedure/calendar.ts";
import {
  computeDueDate,
  formatDay,
  shortDay,
  todayIn,
} from "../../src/shared/deadline-engine/index.ts";
import { api, expect, test } from "./fixtures.ts";
import { expectAccessible, linkFrom, uniqueEmail, waitForMail } from "./support.ts";

const TIME_ZONE = "America/New_York"; // a new local's default
const tenBusinessDays = (from: string) =>
  computeDueDate({
    from,
    fromLabel: "filed",
    heading: { kind: "deadline" },
    limit: { days: 10, dayType: "business" },
    calendar: workCalendar({ holidayRegion: "US", closures: [] }),
  }).dueDate;

test("a steward serves the employer; the employer answers by the mailed link; the steward sees it live", async ({
  browser,
  newLocal,
}) => {
  test.setTimeout(300_000);
  const local = "Bus Drivers Local 20";
  const { admin, steward, member } = await newLocal(local);
  const today = todayIn(TIME_ZONE, new Date());
  const contactEmail = uniqueEmail("hr");

  // The admin keeps the employer's representative in Organization Setup, Employer tab.
  await admin.page.goto("/organization-setup?tab=employer");
  await expect(admin.page.getByRole("heading", { name: "Employer contacts" })).toBeVisible({
    timeout: 30_000,
  });
  await admin.page.getByLabel("Name").fill("Dana Reyes");
  await admin.page.getByLabel("Title").fill("HR Manager");
  await admin.page.getByLabel("Email").fill(contactEmail);
  await admin.page.getByRole("button", { name: "Add contact" }).click();
  await expect(admin.page.getByText(contactEmail)).toBeVisible();
  await expectAccessible(admin.page);

  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    name: member.name,
    badgeNumber: "T-2020",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    subject: "Sent home without pay",
    articles: ["Art. 9 Safety"],
    description: "I was sent home without pay after refusing a bus with failed brakes.",
    remedy: "Pay for the lost shift.",
  });
  await api(steward, "POST", `/api/grievances/${g.id}/comments`, {
    text: "Internal: the dispatcher admitted the brakes were flagged.",
    internal: true,
  });

  // The steward serves it.
  const stewardPage = steward.page;
  await stewardPage.goto(`/grievances/${g.id}`);
  await expect(stewardPage.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await stewardPage.getByRole("button", { name: "Serve on employer" }).click();
  const dialog = stewardPage.getByRole("dialog");
  await expect(dialog.getByLabel("Serve on")).toContainText("Dana Reyes");
  await dialog.getByLabel("Message (optional)").fill("Please answer in writing.");
  await dialog.getByRole("button", { name: "Serve" }).click();
  await expect(dialog).toBeHidden();
  await expect(stewardPage.getByText(`Served on Dana Reyes (${contactEmail})`)).toBeVisible();
  const record = stewardPage.getByTestId("service-record");
  await expect(record).toContainText("Not opened yet");
  await expect(record).toContainText(/SHA-256\s*[0-9a-f]{64}/);
  await expectAccessible(stewardPage);

  // The employer, in a browser of their own, follows the link from the mail.
  const mail = await waitForMail(contactEmail, `Grievance ${g.id} served by ${local}`);
  const link = linkFrom(mail, "/respond/");
  const employer = await browser.newContext();
  const page = await employer.newPage();
  const response = await page.goto(link);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  await expect(
    page.getByRole("heading", { name: `Grievance ${g.id}: Sent home without pay` }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(local)).toBeVisible();
  await expect(
    page.getByText(
      `Your answer is due by ${formatDay(tenBusinessDays(today))} under the agreement.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "The grievance as served (PDF)" })).toBeVisible();
  await expect(page.getByText("dispatcher admitted")).toHaveCount(0);
  await expectAccessible(page);
  // The first open reaches the steward's log without a reload.
  await expect(stewardPage.getByText("Opened by Dana Reyes")).toBeVisible();

  await page.getByLabel("Denied").check();
  await page.getByLabel("The answer").fill("The bus passed its morning inspection.");
  await page.getByRole("button", { name: "Send the answer" }).click();
  const answered = page.getByTestId("employer-answer");
  await expect(answered).toContainText("Denied");
  await expect(answered).toContainText("The bus passed its morning inspection.");
  await expect(page.getByRole("button", { name: "Send the answer" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/screens/employer-respond.png", fullPage: true });

  // The steward's page, never reloaded, shows the answer and the union's appeal deadline.
  await expect(
    stewardPage.getByText(`Employer answered Step 1 on ${formatDay(today)}: denied`),
  ).toBeVisible();
  await expect(stewardPage.getByTestId("step-0").getByTestId("deadline-appeal")).toContainText(
    `due ${shortDay(tenBusinessDays(today))}`,
  );
  await expect(record).not.toContainText("Not answered by this link");
  await employer.close();
});
