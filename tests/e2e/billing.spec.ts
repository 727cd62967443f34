import { expect, PASSWORD, test } from "./fixtures.ts";
import { expectAccessible, expectLive, openLive } from "./support.ts";

/**
 * Issue 8, "Done when": an admin picks Growth yearly while signed out, signs in, finds the plan
 * chosen in the get-started wizard, creates the organization, pays through the test-mode
 * checkout (no STRIPE_SECRET_KEY on the test server), lands on /onboarding/complete and finds
 * the organization active in Billing.
 */
test("Growth yearly chosen signed out is preselected in the wizard, paid in test mode, and active in Billing", async ({
  newAccount,
}) => {
  // An admin account with no organization yet, signed out: signing in is part of the journey.
  const admin = await newAccount({
    name: "Billing Admin",
    accountType: "admin",
    password: PASSWORD,
    signedIn: false,
  });
  const page = admin.page;

  // Signed out on /home: choose Growth, billed yearly (once the pricing section has come alive:
  // its code loads as it comes near).
  await openLive(page, "/home#pricing");
  const pricing = page.locator("#pricing");
  await expectLive(pricing.getByRole("radio", { name: /Annual/ }));
  await pricing.getByRole("radio", { name: /Annual/ }).check();
  await expect(page.getByRole("article", { name: "Growth", exact: true })).toContainText(
    "$290/year",
  );
  await pricing.getByRole("button", { name: "Start free trial of Growth" }).click();
  await expect(page.getByText("Start your free trial", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // The admin has an account already: the registration page's sign-in link.
  await page.getByRole("link", { name: /Sign in/ }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  // No organization yet: the wizard comes first, with Growth billed yearly already chosen.
  await expect(page).toHaveURL(/\/get-started$/, { timeout: 15_000 });
  await page.getByLabel("Organization name").fill("Billing Workers Local 8");
  await page.getByRole("button", { name: "Next: choose a plan" }).click();
  await expect(page.getByRole("radio", { name: /Growth/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /yearly/ })).toBeChecked();
  // Each plan card says its user limit once.
  await expect(page.getByText("Up to 25 users")).toHaveCount(1);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();

  // Issue 14: the no-card trial starts with the organization; no second 'Start free trial'
  // page (a checkout for $0) follows the wizard's 'Confirm'.
  await expect(page.getByText("Your trial has started")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard$/);

  // Settings > Billing: Growth, billed yearly, on its trial; keeping it is a checkout for $0
  // today, its price after the trial.
  await page.goto("/settings/billing");
  await expect(page.getByTestId("billing-summary")).toContainText("Growth");
  await expect(page.getByTestId("billing-summary")).toContainText("yearly");
  await expect(page.getByTestId("billing-status")).toContainText("Free trial until");
  const growth = page.getByRole("region", { name: "Growth", exact: true });
  await growth.getByRole("button", { name: "Keep Growth after the trial" }).click();

  // The test-mode checkout, clearly labelled.
  await expect(page).toHaveURL(/\/billing\/test-checkout\/cs_test_local_/, { timeout: 15_000 });
  await expect(page.getByText("Test mode: no real payment")).toBeVisible();
  await expect(page.getByText("UnionHall Growth (yearly)")).toBeVisible();
  await expect(page.getByText("$290/year").first()).toBeVisible();
  // The trial comes first: nothing is due today, the price follows the trial.
  const due = page.getByTestId("due-today");
  await expect(due).toContainText("Due today$0");
  await expect(due).toContainText("Then $290/year after the trial");
  await page.getByRole("button", { name: "Start free trial (test mode)" }).click();

  await expect(page).toHaveURL(/\/onboarding\/complete\?session_id=cs_test_local_/);
  const details = page.getByTestId("payment-details");
  await expect(page.getByText("Your trial has started")).toBeVisible();
  await expect(details).toContainText("Growth");
  await expect(details).toContainText("yearly");

  // Settings > Billing shows the organization active on Growth, billed yearly.
  await page.getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByTestId("billing-summary")).toContainText("Growth");
  await expect(page.getByTestId("billing-summary")).toContainText("yearly");
  await expect(page.getByTestId("billing-status")).toContainText("Active");
  await expect(page.getByText("Test mode: no real payment")).toBeVisible();
});

test("a cancelled test-mode checkout offers to try again; a bad session link says so; the trial's plan is kept from Billing", async ({
  newLocal,
}) => {
  // A local on the no-card trial of Pro (the wizard that starts one is organizations.spec.ts's).
  const { admin } = await newLocal("Cancel Workers Local 9", { plan: "pro" });
  const page = admin.page;
  await page.goto("/settings/billing");
  await page
    .getByRole("region", { name: "Pro", exact: true })
    .getByRole("button", { name: "Keep Pro after the trial" })
    .click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//, { timeout: 15_000 });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/onboarding\/cancelled$/);
  await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();

  await page.goto("/onboarding/complete?session_id=cs_test_local_unknown");
  await expect(
    page.getByText("Could not fetch payment details. Our team has been notified."),
  ).toBeVisible();

  // Billing: still on the no-card trial of Pro, nothing paid; Pro is the current plan, with
  // its trial's end, and the way to keep it.
  await page.goto("/settings/billing");
  await expect(page.getByTestId("billing-status")).toContainText("Free trial until");
  await expect(page.getByText("No invoices yet.")).toBeVisible();
  await expect(page.getByTestId("billing-summary")).toContainText("Trial ends");
  await expect(page.getByTestId("billing-summary")).toContainText("None until you keep a plan");
  const pro = page.getByRole("region", { name: "Pro", exact: true });
  await expect(pro).toContainText("Current plan");
  await expect(pro).toContainText("Trial ends");
  await expect(page.getByRole("region", { name: "Starter", exact: true })).not.toContainText(
    "Current plan",
  );
  await pro.getByRole("button", { name: "Keep Pro after the trial" }).click();

  // Keeping it: the rest of the trial, then the plan's price; nothing due today.
  await expect(page).toHaveURL(/\/billing\/test-checkout\//, { timeout: 15_000 });
  await expect(page.getByText("UnionHall Pro (monthly)")).toBeVisible();
  await expect(page.getByTestId("due-today")).toContainText("Due today$0");
  await page.getByRole("button", { name: "Start free trial (test mode)" }).click();
  await expect(page).toHaveURL(/\/onboarding\/complete\?session_id=/);
  // The completion page has loaded before leaving it (a goto during its load was aborted).
  await expect(page.getByText("Your trial has started")).toBeVisible();
  await page.goto("/settings/billing");
  await expect(page.getByTestId("billing-status")).toContainText("Active (free trial until");
  await expect(
    page.getByRole("region", { name: "Pro", exact: true }).getByRole("button"),
  ).toHaveText("Current plan");
});

test("a website package paid over time: the success page names it and leads to its set-up; Billing lists it", async ({
  newLocal,
}) => {
  const { admin } = await newLocal("Showcase Local 30");
  const page = admin.page;
  await openLive(page, "/website-packages");
  await page.getByRole("button", { name: "View details of Event Showcase" }).click();
  const dialog = page.getByRole("dialog", { name: "Event Showcase" });
  await dialog.getByRole("radio", { name: /Pay over time/ }).click();
  await dialog.getByRole("button", { name: "Choose Event Showcase" }).click();

  await expect(page).toHaveURL(/\/billing\/test-checkout\//, { timeout: 15_000 });
  await expect(page.getByText("$50/month for 12 months", { exact: true })).toBeVisible();
  // Paid at once: the down payment and the first month are due today.
  const due = page.getByTestId("due-today");
  await expect(due).toContainText("Due today$200");
  await expect(due).toContainText("Then $50/month for 11 more months (12 payments in all).");
  await page.getByRole("button", { name: "Pay (test mode)" }).click();

  await expect(page).toHaveURL(/\/onboarding\/complete\?session_id=cs_test_local_/);
  await expect(page.getByText("Payment successful!")).toBeVisible();
  const details = page.getByTestId("payment-details");
  await expect(details).toContainText("Event Showcase");
  await expect(details).toContainText("$150 down + $50/month for 12 months");
  await page.getByRole("link", { name: "Set up your website" }).click();
  await expect(page).toHaveURL(/\/life-moments\/setup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Website set-up" })).toBeVisible();

  // The organization's billing page lists it, with the way back to its set-up.
  await page.goto("/settings/billing");
  const packages = page.getByTestId("website-packages");
  await expect(packages).toContainText("Event Showcase");
  await expect(packages).toContainText("$150 down + $50/month for 12 months");
  await expect(
    packages.getByRole("link", { name: "Set-up details for Event Showcase" }).first(),
  ).toHaveAttribute("href", "/life-moments/setup");
});

// Issue 14: money shown is money charged, from the package dialog chosen while signed out,
// through sign-in, checkout and completion, to the set-up and billing pages.
test("a package's option and add-ons chosen signed out survive sign-in, and every screen shows the same $600 due today", async ({
  page,
  newLocal,
}) => {
  const { admin } = await newLocal("Labor Site Local 31", { password: PASSWORD });
  await openLive(page, "/website-packages");
  await page.getByRole("button", { name: "View details of Union or Labor" }).click();
  const dialog = page.getByRole("dialog", { name: "Union or Labor" });
  await dialog.getByRole("radio", { name: /Pay over time/ }).click();
  await dialog.getByRole("switch", { name: /^Voting/ }).click();
  // $450 down + the first monthly payment of $125 + $25 (Voting): what checkout charges.
  await expect(dialog.getByTestId("package-total-due")).toHaveText("$600");
  await expect(dialog.getByTestId("package-total-today")).toHaveText(
    "Down payment $450 + First monthly payment $150",
  );
  await dialog.getByRole("button", { name: "Choose Union or Labor" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout\//, { timeout: 15_000 });
  await expect(page.getByText("Union or Labor website: down payment")).toBeVisible();
  const due = page.getByTestId("due-today");
  await expect(due).toContainText("Down payment$450");
  await expect(due).toContainText("First monthly payment$150");
  await expect(due).toContainText("Due today$600");
  await expect(due).toContainText("Then $150/month for 11 more months (12 payments in all).");
  await page.getByRole("button", { name: "Pay (test mode)" }).click();

  await expect(page).toHaveURL(/\/onboarding\/complete\?session_id=/, { timeout: 15_000 });
  await expect(page.getByTestId("payment-details")).toContainText("Pay over time");
  await expect(page.getByTestId("payment-details")).toContainText("Voting");
  await expect(page.getByTestId("due-today")).toContainText("Paid today$600");
  await page.getByRole("link", { name: "Set up your website" }).click();

  // The set-up page shows what was bought, not the list price.
  const bought = page.getByTestId("setup-purchase");
  await expect(bought).toContainText("Pay over time: $450 down + $150/month for 12 months");
  await expect(bought).toContainText("Add-ons: Voting");
  await expect(bought).toContainText(
    "Paid at purchase $600 (Down payment $450 + First monthly payment $150)",
  );
  await expect(page.getByText("$1,500 setup + $55/month hosting")).toHaveCount(0);

  await page.goto("/settings/billing");
  await expect(page.getByTestId("package-paid").first()).toHaveText(
    "Paid at purchase $600 (Down payment $450 + First monthly payment $150)",
  );
});

test("the billing page: a segmented cycle control, and Starter refused while the local has a steward", async ({
  newLocal,
}) => {
  const local = await newLocal("Downgrade Local 32");
  const page = local.admin.page;
  await page.goto("/settings/billing");
  const cycle = page.getByRole("group", { name: "Billing cycle" });
  await expect(cycle.getByRole("radio", { name: "Monthly" })).toBeChecked();
  await cycle.getByRole("radio", { name: /Annual/ }).check();
  await expect(page.getByRole("region", { name: "Pro", exact: true })).toContainText("$490/year");
  const starter = page.getByRole("region", { name: "Starter", exact: true });
  await expect(starter).toContainText(
    "The Starter plan has no steward role. Make your steward members first (Directory), then choose Starter.",
  );
  await expect(starter.getByRole("button", { name: "Choose Starter" })).toBeDisabled();
  await expectAccessible(page);
});

test("a canceled local is read-only: the portal asks before it cancels, then every page says so and offers no writes", async ({
  newLocal,
}) => {
  test.setTimeout(180_000); // a checkout, a cancel and five pages
  const local = await newLocal("Canceled Local 33");
  const page = local.admin.page;
  await page.goto("/settings/billing");
  await page
    .getByRole("region", { name: "Growth", exact: true })
    .getByRole("button", { name: "Keep Growth after the trial" })
    .click();
  await page.getByRole("button", { name: "Start free trial (test mode)" }).click();
  await expect(page).toHaveURL(/\/onboarding\/complete/, { timeout: 15_000 });
  await page.goto("/settings/billing");
  await page.getByRole("button", { name: "Customer portal (test mode)" }).click();
  await expect(page).toHaveURL(/\/billing\/test-portal$/, { timeout: 15_000 });

  // Asked first; 'Cancel' keeps the subscription.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const ask = page.getByRole("dialog", { name: "Cancel the subscription?" });
  await expect(ask).toContainText("read-only");
  await ask.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(ask).toBeHidden();
  await page.goto("/announcements");
  await expect(page.getByTestId("read-only-banner")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Post Announcement" })).toBeVisible();

  await page.goto("/billing/test-portal");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page
    .getByRole("dialog", { name: "Cancel the subscription?" })
    .getByRole("button", { name: "Cancel subscription" })
    .click();
  await expect(page.getByText("Subscription canceled")).toBeVisible();

  for (const path of ["/dashboard", "/announcements", "/documents", "/directory"]) {
    await page.goto(path);
    await expect(page.getByTestId("read-only-banner")).toContainText(
      "This organization's subscription is canceled: it is read-only for 30 days.",
    );
  }
  await page.goto("/announcements");
  await expect(page.getByRole("button", { name: "Post Announcement" })).toHaveCount(0);
  await expectAccessible(page);
  // A member sees the banner too, without the admin's way out.
  await local.member.page.goto("/dashboard");
  await expect(local.member.page.getByTestId("read-only-banner")).toBeVisible();
  await expect(
    local.member.page.getByTestId("read-only-banner").getByRole("link", { name: "Choose a plan" }),
  ).toHaveCount(0);
});
