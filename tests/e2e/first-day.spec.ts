import type { Browser } from "@playwright/test";
import { Delays } from "../../src/web/lib/delays.ts";
// The suite's own `test` (fixtures.ts), as every spec: a file on another `test` needs a worker
// of its own, and the worker that ran it was torn down and a new one started (decision 023).
import { expect, test } from "./fixtures.ts";
import { driveClock, linkFrom, registerAndSignIn, uniqueEmail, waitForMail } from "./support.ts";

// docs/first-day.md, step by step: register, create, invite by email and by code, file, work,
// pay. Each numbered section of the page is one block below.
const PASSWORD = "Union-Strong-2026";
const LOCAL = "Riverside Transit Local 1";

const person = (name: string, prefix: string, accountType: "admin" | "member") => ({
  name,
  email: uniqueEmail(prefix),
  password: PASSWORD,
  accountType,
});

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("a new local's first day, as docs/first-day.md tells it", async ({ browser }) => {
  test.setTimeout(420_000);
  const rosa = person("Rosa Parks", "rosa", "admin");
  const sam = person("Sam Steward", "sam", "member");
  const lee = person("Lee Member", "lee", "member");

  // 1. Register (Rosa).
  const admin = await newPage(browser);
  await registerAndSignIn(admin, rosa);
  await expect(admin).toHaveURL(/\/get-started$/);

  // 2. Create the local.
  await admin.getByLabel("Organization name").fill(LOCAL);
  await admin.getByRole("button", { name: "Next: choose a plan" }).click();
  await admin.getByRole("radio", { name: "Growth", exact: true }).check({ force: true });
  await admin.getByRole("button", { name: "Continue to Payment" }).click();
  // The no-card trial starts with the local: no checkout page follows (issue 14).
  await admin.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByText("Your trial has started")).toBeVisible({ timeout: 15_000 });
  await expect(admin).toHaveURL(/\/dashboard$/);

  // 3. Invite by email (Rosa, then Sam).
  await admin.goto("/directory");
  await admin.getByRole("button", { name: "Add member" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add member" });
  await dialog.getByLabel("Email").fill(sam.email);
  await dialog.getByLabel("Role").selectOption("steward");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText("Pending invitations")).toBeVisible();

  const steward = await newPage(browser);
  await steward.goto(
    linkFrom(
      await waitForMail(sam.email, `You're invited to ${LOCAL} on UnionHall`),
      "/accept-invite",
    ),
  );
  await expect(steward.getByText(`${rosa.name} invited you to join ${LOCAL} as`)).toBeVisible();
  await steward.getByRole("link", { name: "Create an account" }).click();
  await expect(steward.getByLabel("Email")).toHaveValue(sam.email);
  await steward.getByLabel("Full Name").fill(sam.name);
  await steward.getByLabel("Password").fill(sam.password);
  await steward.getByRole("button", { name: "Create Account" }).click();
  await expect(steward).toHaveURL(/\/login$/);
  await driveClock(steward);
  await steward.goto(
    linkFrom(await waitForMail(sam.email, "Confirm your UnionHall account"), "/verify-email"),
  );
  await expect(steward.getByText("Your email has been verified.")).toBeVisible();
  await steward.clock.fastForward(Delays.afterVerification);
  await expect(steward.getByText("You may now log in.")).toBeVisible();
  await steward.getByLabel("Email").fill(sam.email);
  await steward.getByLabel("Password").fill(sam.password);
  await steward.getByRole("button", { name: "Sign in" }).click();
  await expect(steward).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(
    steward.getByRole("complementary").getByText("Steward", { exact: true }),
  ).toBeVisible();

  // 4. Invite by code (Rosa, then Lee).
  await admin.goto("/organization-setup");
  await expect(admin.getByTestId("invite-code")).toHaveText(/^\s*[A-Z2-9]{10}\s*$/);
  const code = ((await admin.getByTestId("invite-code").textContent()) ?? "").trim();
  const member = await newPage(browser);
  await registerAndSignIn(member, lee);
  await expect(member).toHaveURL(/\/join-org$/);
  await member.getByLabel("Invitation code").fill(code);
  await member.getByRole("button", { name: "Continue" }).click();
  await member.getByRole("button", { name: `Join ${LOCAL}` }).click();
  await expect(member).toHaveURL(/\/dashboard$/);

  // 5. File (Lee).
  await member.goto("/submit-grievance");
  await member.getByLabel("Badge number").fill("T-4411");
  await member.getByLabel("Job title").selectOption({ index: 1 });
  await member.getByLabel("Department").selectOption({ index: 1 });
  await member.getByLabel("Location").selectOption({ index: 1 });
  await member
    .getByLabel("What happened?")
    .fill("My route was changed without the notice the contract requires.");
  await member.getByLabel("Remedy sought").fill("Restore my route and pay the lost hours.");
  await member.getByRole("button", { name: "Submit Grievance" }).click();
  const notice = member.getByText(/Your grievance G-\d{4}-\d{4,} has been filed\./);
  await expect(notice).toBeVisible();
  const filed = await notice.textContent();
  const id = (filed ?? "").match(/G-\d{4}-\d{4,}/)?.[0] ?? "";
  expect(id).not.toBe("");

  // 6. Work (Sam): the emailed link style, /grievances/:id, and a comment.
  await steward.goto(`/grievances/${id}`);
  await expect(steward.getByText(id).first()).toBeVisible();
  await steward
    .getByRole("textbox", { name: "Comment" })
    .fill("I have asked the depot for the schedule records.");
  await steward.getByRole("button", { name: "Post comment" }).click();
  // Posted: the box empties and the comment is on the case (not only in the box).
  await expect(steward.getByRole("textbox", { name: "Comment" })).toHaveValue("");
  await expect(
    steward.getByText("Comment: I have asked the depot for the schedule records."),
  ).toBeVisible();
  await waitForMail(lee.email, `Update on your grievance ${id}`);

  // 7. Pay (Rosa): Billing shows the trial; keeping Growth is a checkout that charges nothing
  // today and the price after the trial. Then Billing shows it active, Growth current.
  await admin.goto("/settings/billing");
  await expect(admin.getByTestId("billing-status")).toContainText("Free trial until");
  await admin
    .getByRole("region", { name: "Growth", exact: true })
    .getByRole("button", { name: "Keep Growth after the trial" })
    .click();
  await expect(admin).toHaveURL(/\/billing\/test-checkout\//, { timeout: 15_000 });
  await expect(admin.getByTestId("due-today")).toContainText("Due today$0");
  await admin.getByRole("button", { name: "Start free trial (test mode)" }).click();
  await expect(admin).toHaveURL(/\/onboarding\/complete\?session_id=/);
  await expect(admin.getByText("Your trial has started")).toBeVisible();
  await admin.goto("/settings/billing");
  await expect(admin.getByTestId("billing-status")).toContainText("Active (free trial until");
  await expect(
    admin.getByRole("region", { name: "Growth", exact: true }).getByRole("button"),
  ).toHaveText("Current plan");
});
