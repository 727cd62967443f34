import { addDays, todayIn } from "../../src/shared/deadline-engine/index.ts";
import { api, expect, type Person, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

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
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { steward, member } = await newLocal("Back Pay Local 12");
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", filing());
  const due = addDays(todayIn("America/New_York", new Date()), 14);

  const page = await open(steward, `/grievances/${g.id}`);
  await page.getByRole("button", { name: "Close grievance" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Outcome").selectOption("settled");
  await dialog.getByLabel("Summary").fill("Settled: the lost shift is paid.");
  await dialog.getByLabel("Reason for the decision").fill("The employer agreed to pay the shift.");
  await dialog.getByLabel("Money remedy").check();
  await dialog.getByLabel("Amount").fill("1250.50");
  await dialog.getByLabel("Due date").fill(due);
  await dialog.getByLabel("For", { exact: true }).selectOption("Back pay");
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

  // The steward's dashboard: this year's wins and the back pay recovered.
  const dashboard = await open(steward, "/dashboard");
  await expect(dashboard.getByTestId("stat-won-or-settled")).toHaveText("1");
  await expect(dashboard.getByTestId("stat-back-pay")).toHaveText("$1,250.50");
  await expectAccessible(dashboard);
});

test("a group grievance is seen by each of its two grievants in My Grievances", async ({
  newLocal,
  newAccount,
}) => {
  test.setTimeout(240_000);
  const { admin, steward, member } = await newLocal("Group Local 14");
  const second = await newAccount({ name: "Gus Grievant" });
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

  // The steward removes one grievant: their open page loses the grievance at once (live).
  const theirs = second.page;
  const page = await open(steward, `/grievances/${g.id}`);
  await page.getByRole("button", { name: "Remove Gus Grievant" }).click();
  await expect(page.getByRole("button", { name: "Remove Gus Grievant" })).toHaveCount(0);
  await expect(page.getByText("Removed Gus Grievant as a grievant")).toBeVisible();
  await expect(theirs.getByRole("heading", { name: "Grievance Not Found" })).toBeVisible();
});

/** Joins a second member to the local by its invitation code. */
async function secondMember(second: Person, admin: Person) {
  const { inviteCode } = await api<{ inviteCode: string }>(
    admin,
    "GET",
    "/api/organization/invite-code",
  );
  await api(second, "POST", "/api/organizations/join", { inviteCode });
  return second;
}

async function fillCommon(page: Awaited<ReturnType<typeof open>>, what: string) {
  await page.getByLabel("Badge number").fill("S-2002");
  // A policy grievance has no individual grievant, so the form asks no job title (issue 30).
  if (what !== "Policy") await page.getByLabel("Job title").selectOption("Driver");
  await page.getByLabel("Department").selectOption("Transit");
  await page.getByLabel("Location").selectOption("North Garage");
  await page.getByLabel("What happened?").fill(`${what}: the overtime list was ignored again.`);
  await page.getByLabel("Remedy sought").fill("Follow the list and pay the missed overtime.");
}

test("the filing form: a policy grievance pre-filled from the link, a group one with the grievant picker; members file individual ones", async ({
  newLocal,
  newAccount,
}) => {
  test.setTimeout(300_000);
  const { admin, steward, member } = await newLocal("Filing Types Local 15");
  await secondMember(await newAccount({ name: "Gus Grievant" }), admin);
  const earlier = await api<{ id: string }>(member, "POST", "/api/grievances", filing());

  // A policy grievance, as the radar's link opens it.
  const page = await open(
    steward,
    `/submit-grievance?type=policy&articles=${encodeURIComponent("Art. 12.3 Overtime")}&related=${earlier.id}`,
  );
  await expect(page.getByLabel("Grievance type")).toHaveValue("policy");
  await expect(page.getByText("Art. 12.3 Overtime", { exact: true })).toBeVisible();
  await expect(page.getByTestId("related-prefill")).toContainText(earlier.id);
  await expectAccessible(page);
  await expect(page.getByLabel("Job title")).toHaveCount(0);
  await fillCommon(page, "Policy");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(page).toHaveURL(/\/grievances$/, { timeout: 30_000 });
  const policies = await api<{ items: { id: string }[] }>(
    steward,
    "GET",
    "/api/grievances?type=policy",
  );
  expect(policies.items).toHaveLength(1);
  const policy = await api<{
    relatedIds: string[];
    articles: string[];
    grievants: unknown[];
    jobTitle: string;
  }>(steward, "GET", `/api/grievances/${policies.items[0]?.id}`);
  expect(policy.relatedIds).toEqual([earlier.id]);
  expect(policy.articles).toEqual(["Art. 12.3 Overtime"]);
  expect(policy.grievants).toEqual([]);
  expect(policy).toMatchObject({ jobTitle: "" });

  // A group grievance, its grievants picked from the directory.
  await page.goto("/submit-grievance");
  await page.getByLabel("Grievance type").selectOption("group");
  const picker = page.getByTestId("grievant-picker");
  await picker.getByRole("searchbox").fill("Mo Member");
  await picker.getByRole("checkbox", { name: /Mo Member/ }).check();
  await picker.getByRole("searchbox").fill("Gus");
  await picker.getByRole("checkbox", { name: /Gus Grievant/ }).check();
  await expect(picker.getByRole("list", { name: "Chosen grievants" })).toContainText("Mo Member");
  await expectAccessible(page);
  await fillCommon(page, "Group");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(page).toHaveURL(/\/grievances$/, { timeout: 30_000 });
  await expect(page.getByText("Group, 2 grievants")).toBeVisible();

  // A member's form has no type and takes no links from the query string.
  const mine = await open(member, `/submit-grievance?type=group&related=${earlier.id}`);
  await expect(mine.getByLabel("Full name")).toBeVisible();
  await expect(mine.getByLabel("Grievance type")).toHaveCount(0);
  await expect(mine.getByTestId("related-prefill")).toHaveCount(0);
});

test("a steward joins two individual grievances into a group grievance; each keeps its history", async ({
  newLocal,
  newAccount,
}) => {
  test.setTimeout(300_000);
  const { admin, steward, member } = await newLocal("Join Local 16");
  const second = await secondMember(await newAccount({ name: "Gus Grievant" }), admin);
  const a = await api<{ id: string }>(member, "POST", "/api/grievances", filing());
  const b = await api<{ id: string }>(
    second,
    "POST",
    "/api/grievances",
    filing({ name: "Gus Grievant", subject: "Sent home too" }),
  );
  await api(steward, "POST", `/api/grievances/${a.id}/comments`, { text: "Called the depot." });

  const page = await open(steward, `/grievances/${a.id}`);
  await page.getByRole("button", { name: "Join into a group grievance" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Other grievances").fill(b.id);
  await dialog.getByLabel("Subject (optional)").fill("Drivers sent home without pay");
  await dialog.getByRole("button", { name: "Join" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText(a.id, {
    timeout: 30_000,
  });
  await expect(page.getByText("Drivers sent home without pay")).toBeVisible();
  // The grievants, by name (the 'Name' field lists them in the originals' order).
  await expect(page.getByText("Gus Grievant, Mo Member", { exact: true })).toBeVisible();
  const related = page.getByTestId("related");
  await expect(related.getByRole("link", { name: a.id })).toBeVisible();
  await expect(related.getByRole("link", { name: b.id })).toBeVisible();
  await expectAccessible(page);
  const groupUrl = page.url();

  // The original: closed as merged, its history kept, a link to the group grievance.
  await related.getByRole("link", { name: a.id }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(a.id);
  await expect(page.getByTestId("outcome")).toContainText("Merged into");
  await expect(page.getByText("Comment: Called the depot.")).toBeVisible();

  // The second grievant sees the group grievance as theirs.
  const theirs = await open(second, new URL(groupUrl).pathname);
  await expect(theirs.getByText("Drivers sent home without pay")).toBeVisible();
  await expect(theirs.getByTestId("related").getByRole("link", { name: b.id })).toBeVisible();
  await expect(theirs.getByTestId("related").getByRole("link", { name: a.id })).toHaveCount(0);
});
