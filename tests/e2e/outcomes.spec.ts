import { expect, test } from "@playwright/test";
import { addDays, todayIn } from "../../src/shared/procedure/index.ts";
import { account, api, newLocal, type Person } from "./local.ts";

/** Outcomes, remedies and group grievances (issue 19). */
const filing = (overrides: Record<string, unknown> = {}) => ({
  subject: "Sent home without pay",
  jobTitle: "Driver",
  department: "Transit",
  location: "North Garage",
  name: "Mo Member",
  badgeNumber: "T-1001",
  description: "I was sent home without pay after refusing an unsafe bus with failed brakes.",
  remedy: "Pay for the lost shift and a brake inspection.",
  ...overrides,
});

async function open(person: Person, url: string) {
  await person.page.goto(url);
  await expect(person.page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  return person.page;
}

test("a steward closes with a back-pay remedy; the grievant confirms receipt", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal(browser, "Back Pay Local 12");
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", filing());
  const due = addDays(todayIn("America/New_York", new Date()), 14);

  const page = await open(steward, `/grievances/${g.id}`);
  await page.getByRole("button", { name: "Close grievance" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Outcome").selectOption("settled");
  await dialog.getByLabel("Summary").fill("Settled: the lost shift is paid.");
  await dialog.getByLabel("Money remedy").check();
  await dialog.getByLabel("Amount").fill("1250.50");
  await dialog.getByLabel("Due date").fill(due);
  await dialog.getByLabel("For").selectOption("Back pay");
  await dialog.getByRole("button", { name: "Close grievance" }).click();
  const outcome = page.getByTestId("outcome");
  await expect(outcome.getByText("Outcome: Settled")).toBeVisible();
  await expect(outcome.getByText("$1,250.50")).toBeVisible();
  await expect(outcome.getByText("Not yet received.")).toBeVisible();
  const caseFile = await steward.context.request.get(
    `http://localhost:${process.env.E2E_PORT}/api/grievances/${g.id}/case-file.pdf`,
  );
  expect(caseFile.status()).toBe(200);
  expect(caseFile.headers()["content-type"]).toBe("application/pdf");

  const mine = await open(member, `/grievances/${g.id}`);
  await expect(mine.getByRole("link", { name: "Download case file" })).toBeVisible();
  await mine.getByRole("button", { name: "I received it" }).click();
  await expect(mine.getByTestId("remedy").getByText("confirmed by Mo Member")).toBeVisible();
  await expect(mine.getByRole("button", { name: "I received it" })).toHaveCount(0);
});

test("a group grievance is seen by each of its two grievants in My Grievances", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { admin, steward, member } = await newLocal(browser, "Group Local 14");
  const second = await account(browser, "Gus Grievant", "member");
  const { inviteCode } = await api<{ inviteCode: string }>(
    admin,
    "GET",
    "/api/organization/invite-code",
  );
  await api(second, "POST", "/api/organizations/join", { inviteCode });
  const people = await api<{ items: { id: string; email: string }[] }>(
    admin,
    "GET",
    "/api/members",
  );
  const idOf = (p: Person) => people.items.find((m) => m.email === p.email)?.id ?? "";
  const g = await api<{ id: string; grievantCount: number }>(
    steward,
    "POST",
    "/api/grievances",
    filing({
      subject: "Overtime list ignored for the whole shift",
      name: "Night shift drivers",
      type: "group",
      grievantIds: [idOf(member), idOf(second)],
    }),
  );
  expect(g.grievantCount).toBe(2);
  for (const person of [member, second]) {
    const page = await open(person, "/grievances");
    await expect(page.getByText(g.id).first()).toBeVisible();
    await page.goto(`/grievances/${g.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(g.id);
    await expect(page.getByText("Overtime list ignored for the whole shift")).toBeVisible();
  }
});
