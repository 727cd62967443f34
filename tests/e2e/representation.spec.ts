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
