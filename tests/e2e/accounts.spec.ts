import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { totp } from "../support/totp.ts";
import { expect, PASSWORD, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

test("two-factor: enrol from the profile, then sign in with a code and with a backup code", async ({
  newAccount,
}) => {
  test.setTimeout(90_000);
  // Turning it on asks for the password, and signing in with a code is the journey.
  const person = await newAccount({ name: "Tess Factor", password: PASSWORD });
  const page = person.page;
  await page.goto("/profile");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").trim();
  const backupCodes = (await page.getByTestId("backup-codes").locator("li").allInnerTexts()).map(
    (c) => c.trim(),
  );
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);
  await expectAccessible(page);
  await page.getByLabel("3. Code from the app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();

  // Sign in again: after the password, a code from the app.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  // The code that turned it on is spent (a code is accepted once): the app's next one.
  await page.getByLabel("Authentication code").fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login successful! Redirecting...")).toBeVisible();
  await expect(page).toHaveURL(/\/join-org$/);

  // And with a backup code.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/join-org$/);
});

test("profile: edit details and upload an avatar; a fake image is refused", async ({
  newLocal,
}) => {
  const { steward } = await newLocal("Profile Local 4");
  const page = steward.page;
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expect(page.getByText(steward.email).first()).toBeVisible();
  await page.getByLabel("Full name").fill("S");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Full name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("Full name").fill("Sam Okafor-Reyes");
  await page.getByLabel("Badge number").fill("S-2002-B");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(page.getByRole("complementary").getByText("Sam Okafor-Reyes")).toBeVisible();
  await expect(page.getByRole("complementary").getByText("#S-2002-B")).toBeVisible();
  // The side menu's user summary shows the name whole (it wraps rather than being cut off).
  const name = page.getByRole("complementary").getByText("Sam Okafor-Reyes");
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  await expect(page.getByRole("banner").getByRole("button", { name: /theme/ })).toBeVisible();

  const dir = mkdtempSync(path.join(tmpdir(), "unionhall-avatar-"));
  const photo = path.join(dir, "photo.png");
  writeFileSync(
    photo,
    await sharp({ create: { width: 800, height: 800, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer(),
  );
  await page.locator("#avatar-upload").setInputFiles(photo);
  await expect(page.getByText("Photo updated")).toBeVisible();
  await expect(page.getByRole("complementary").locator('img[src^="/api/users/"]')).toBeVisible();

  const fake = path.join(dir, "fake.png");
  writeFileSync(fake, "%PDF-1.7 this is not an image");
  await page.locator("#avatar-upload").setInputFiles(fake);
  await expect(page.getByText("Upload Failed")).toBeVisible();
  await expect(page.getByText("Please upload an image (PNG, JPEG, GIF or WebP).")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/profile-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: "test-results/screens/profile-phone.png", fullPage: true });
});

test("guard: 'Access Denied' for a page the role lacks, 'Authentication Required' when signed out", async ({
  page,
  newLocal,
  signInAs,
}) => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
  await expect(page.getByText("Please log in to view your profile.")).toBeVisible();

  const { member } = await newLocal("Guard Local 6");
  await signInAs(page.context(), member);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const menu = await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link")
    .allInnerTexts();
  expect(menu).not.toContain("Settings");
});

test("signing out in one tab signs out the others", async ({ newLocal }) => {
  const { admin } = await newLocal("Tabs Local 8");
  const context = admin.context;
  const first = admin.page;
  await first.goto("/dashboard");
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto("/directory");
  await expect(second.getByRole("heading", { name: "Member Directory" })).toBeVisible();
  await first
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});

test("an admin's settings require two-factor of everyone only once the admin has it", async ({
  newLocal,
}) => {
  const { admin } = await newLocal("Secure Local 5", { plan: "pro" });
  const page = admin.page;
  await page.goto("/settings");
  await page.getByLabel(/Require two-factor sign-in for everyone/).click();
  await expect(
    page.getByText("Turn on two-factor sign-in for your own account first.").first(),
  ).toBeVisible();
  await expect(page.getByLabel(/Require two-factor sign-in for everyone/)).not.toBeChecked();
  await expectAccessible(page);
});
