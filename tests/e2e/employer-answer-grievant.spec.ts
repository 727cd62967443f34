import { todayIn } from "../../src/shared/deadline-engine/index.ts";
import { api, expect, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

/** Issue 30: the grievant reads the employer's written answer and its decision in words. */
test("the grievant reads the employer's answer on their grievance", async ({ newLocal }) => {
  test.setTimeout(180_000);
  const { steward, member } = await newLocal("Answer Reading Local 30");
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    subject: "Overtime out of order",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    name: "Mo Member",
    badgeNumber: "M-3003",
    description: "Scheduled overtime was given out of seniority order twice this month.",
    remedy: "Pay the missed overtime and follow the seniority list.",
  });
  await api(steward, "POST", `/api/grievances/${g.id}/response`, {
    receivedOn: todayIn("America/New_York", new Date()),
    decision: "partial",
    text: "The company will pay half of the missed overtime.",
  });

  const page = member.page;
  await page.goto(`/grievances/${g.id}`);
  const answers = page.getByTestId("employer-answers");
  await expect(answers).toBeVisible({ timeout: 30_000 });
  await expect(answers.getByText("Partly granted")).toBeVisible();
  await expect(
    answers.getByText("The company will pay half of the missed overtime."),
  ).toBeVisible();
  // The log says the decision in words, never the raw 'partial'.
  await expect(page.getByText(/: partly granted$/)).toBeVisible();
  await expect(page.getByText(/: partial$/)).toHaveCount(0);
  await expectAccessible(page);
});
