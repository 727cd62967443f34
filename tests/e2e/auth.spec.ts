import { DEMO_USERS } from "../../src/server/db/seed/demo.ts";
import { AuthMessages } from "../../src/shared/schemas/auth.ts";
import { Delays } from "../../src/web/lib/delays.ts";
import { expect, test } from "./fixtures.ts";
import {
  driveClock,
  expectAccessible,
  linkFrom,
  payTestCheckout,
  uniqueEmail,
  waitForMail,
} from "./support.ts";

const PASSWORD = "Union-Strong-2026";

test("a newcomer registers, verifies from the emailed link, signs in and lands on the dashboard", async ({
  page,
}) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Create a Connection/ })).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/register-desktop.png", fullPage: true });

  await page.getByLabel("Full Name").fill("Maria Santos");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Sign-up successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await waitForMail(email, "Confirm your UnionHall account");
  await driveClock(page);
  await page.goto(linkFrom(mail, "/verify-email"));
  await expect(page.getByText("Your email has been verified.")).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?/);
  // After 3 s: /login?verified=true&accountType=admin, then the address is cleaned.
  await page.clock.fastForward(Delays.afterVerification);
  await expect(page.getByText("Your email has been verified. You may now log in.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Login successful! Redirecting...")).toBeVisible();
  // A new admin account has no organization yet: the dashboard's guard sends it to the wizard.
  await expect(page).toHaveURL(/\/get-started$/);
  await page.getByLabel("Organization name").fill("Santos Local 9");
  await page.getByRole("button", { name: "Next: choose a plan" }).click();
  await page.getByRole("radio", { name: "Starter", exact: true }).check({ force: true });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await payTestCheckout(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Maria Santos!" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/dashboard-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/dashboard-phone.png", fullPage: true });

  // Signing out ends the session: the dashboard sends the visitor back to sign in.
  await page
    .getByRole("navigation", { name: "Mobile" })
    .getByRole("button", { name: "More" })
    .click();
  await page
    .getByRole("dialog", { name: "More Options" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows the spec's message and clears the password", async ({ page }) => {
  const admin = DEMO_USERS[0];
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin?.email ?? "");
  await page.getByLabel("Password").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(AuthMessages.invalidCredentials)).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expectAccessible(page);
});

test("an unverified account is told to verify its email first", async ({ page }) => {
  const email = uniqueEmail("unverified");
  await page.goto("/register");
  await page.getByRole("radio", { name: /Join a Connection/ }).check({ force: true });
  await page.getByLabel("Full Name").fill("Not Yet");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(AuthMessages.unverified)).toBeVisible();

  // The resend panel sends a fresh link.
  await page.getByRole("button", { name: "Didn't receive a confirmation email?" }).click();
  await page.getByLabel("Email for the confirmation").fill(email);
  await page.getByRole("button", { name: "Resend Email" }).click();
  await expect(
    page.getByText("Confirmation email has been resent. Please check your inbox."),
  ).toBeVisible();
  const mail = await waitForMail(email, "Confirm your UnionHall account");
  expect(new URL(linkFrom(mail, "/verify-email")).searchParams.get("accountType")).toBe("member");
});

test("the register form shows the spec's messages for bad input", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("A");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("weak");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(AuthMessages.nameMin)).toBeVisible();
  await expect(page.getByText(AuthMessages.invalidEmail)).toBeVisible();
  await expect(page.getByText(AuthMessages.passwordMin)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a forgotten password is reset through the emailed link", async ({ page }) => {
  const email = uniqueEmail("forgetful");
  await page.goto("/register");
  await page.getByLabel("Full Name").fill("Forget Ful");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(
    linkFrom(await waitForMail(email, "Confirm your UnionHall account"), "/verify-email"),
  );
  await expect(page.getByText("Your email has been verified.")).toBeVisible();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();

  await driveClock(page);
  await page.goto(
    linkFrom(await waitForMail(email, "Reset your UnionHall password"), "/reset-password"),
  );
  await page.getByLabel("New password", { exact: true }).fill("Brand-New-2026");
  await page.getByLabel("Confirm new password").fill("Brand-New-2027");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText(AuthMessages.passwordsMismatch)).toBeVisible();
  await page.getByLabel("Confirm new password").fill("Brand-New-2026");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Your password has been reset.")).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?/);
  await page.clock.fastForward(Delays.afterReset);
  await expect(
    page.getByText("Your password has been reset. Please log in with your new password."),
  ).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(AuthMessages.invalidCredentials)).toBeVisible();
  await page.getByLabel("Password").fill("Brand-New-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/get-started$/);
});

test("the demo admin sees the demo organization on the dashboard", async ({ page }) => {
  const admin = DEMO_USERS[0];
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin?.email ?? "");
  await page.getByLabel("Password").fill(admin?.password ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${admin?.name}!` })).toBeVisible();
  await expect(page.getByText("Demo Local 101")).toBeVisible();
});

test("public pages: home, the guard, legacy reset routes and the 404 page", async ({ page }) => {
  // Opening a lazy route directly renders the router's loading element, without a warning.
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning" || m.type() === "error") warnings.push(m.text());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(warnings.filter((w) => w.includes("HydrateFallback"))).toEqual([]);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Try free for 14 days" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/reset-password-manual");
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto("/simple-reset-password?token=abc");
  await expect(page).toHaveURL(/\/reset-password\?token=abc$/);
  await page.goto("/reset-password");
  await expect(page.getByText(AuthMessages.resetTokenMissing)).toBeVisible();
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
});

test("signing out in one tab signs the other tabs out, and loads /login once in its own", async ({
  newAccount,
}) => {
  const person = await newAccount({ name: "Two Tabs" });
  const first = person.page;
  const second = await person.context.newPage();
  await first.goto("/dashboard");
  await second.goto("/dashboard");
  await expect(first.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(second.getByRole("button", { name: "Sign Out" })).toBeVisible();
  // Document loads only: the sign-out itself moves to /login inside the app.
  let reloads = 0;
  first.on("load", () => {
    reloads += 1;
  });
  await first.getByRole("button", { name: "Sign Out" }).click();
  await expect(first).toHaveURL(/\/login$/);
  // The other tab heard it and left for /login; the same message reached this tab's listener.
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(first.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(reloads).toBe(0);
});
