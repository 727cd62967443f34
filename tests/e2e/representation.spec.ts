import { api, expect, test } from "./fixtures.ts";

/**
 * Ask my steward (issue 34): a member asks on a phone from their case, the steward answers from
 * the board, and the member reads the reply on the case.
 */
test("a member asks on a phone, the steward answers from the board, the member reads it", async ({
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal("Question Local 7");
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    subject: "Overtime out of order",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    name: "Mo Member",
    badgeNumber: "T-1002",
    description: "Overtime went to a junior driver twice this month, out of seniority order.",
    remedy: "Pay the missed overtime and follow the seniority list.",
  });

  const phone = member.page;
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`/grievances/${g.id}`);
  const questions = phone.getByTestId("questions");
  await questions.getByLabel("Ask your steward").fill("When will I hear from the employer?");
  await questions.getByRole("button", { name: "Send question" }).click();
  await expect(questions.getByText("When will I hear from the employer?")).toBeVisible();
  await expect(questions.getByText("Waiting for your steward's reply.")).toBeVisible();

  const board = steward.page;
  await board.goto("/deadlines");
  const open = board.getByTestId("open-questions");
  await expect(open.getByText("When will I hear from the employer?")).toBeVisible({
    timeout: 30_000,
  });
  await open.getByLabel("Your reply").fill("They must answer by the 10th; I will call you then.");
  await open.getByRole("button", { name: "Send reply" }).click();
  await expect(board.getByTestId("open-questions")).toHaveCount(0);

  await phone.reload();
  await expect(
    phone.getByTestId("reply").getByText("They must answer by the 10th; I will call you then.", {
      exact: false,
    }),
  ).toBeVisible({ timeout: 30_000 });
});

/**
 * Log a contact from the roster (issue 34): the steward opens the member's roster entry, picks
 * the member's open grievance and logs a call; the case shows it.
 */
test("a steward logs a contact from the member's roster entry and the case shows it", async ({
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal("Roster Contact Local 9");
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    subject: "Shift premium missing",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    name: member.name,
    badgeNumber: "T-1003",
    description: "The night shift premium was left off two paychecks.",
    remedy: "Pay the premium.",
  });

  const page = steward.page;
  await page.goto("/roster");
  await page.getByRole("button", { name: `Log contact with ${member.name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Grievance")).toContainText("Shift premium missing");
  await dialog.getByLabel("How", { exact: true }).selectOption("meeting");
  // Pressed empty: both missing fields named at once under them, and nothing sent.
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/contacts") && sent.push(r.method()));
  await dialog.getByRole("button", { name: "Log contact" }).click();
  await expect(dialog.getByText("Enter the day of the contact as YYYY-MM-DD.")).toBeVisible();
  await expect(
    dialog.getByText("Write a short summary of the contact (up to 2000 characters)."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Summary", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(sent).toEqual([]);
  await dialog.getByLabel("Date", { exact: true }).fill(await today(page));
  await dialog.getByLabel("Summary", { exact: true }).fill("Met at the garage about the premium.");
  await dialog.getByRole("button", { name: "Log contact" }).click();
  await expect(page.getByText("Contact logged")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(sent).toEqual(["POST"]);

  await page.goto(`/grievances/${g.id}`);
  const contacts = page.getByTestId("contacts");
  await expect(contacts).toContainText("Meeting with");
  await expect(contacts).toContainText("Met at the garage about the premium.");
});

/** The browser's today, as the date field takes it (the local is in New York, as the test's day). */
async function today(page: import("@playwright/test").Page) {
  return page.evaluate(() =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date()),
  );
}
