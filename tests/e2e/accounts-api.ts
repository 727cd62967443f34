import { expect, type Page } from "@playwright/test";
import { totpFromUri } from "../support/totp.ts";
import { linkFrom, uniqueEmail, waitForMail } from "./support.ts";

/**
 * Set-up shortcuts for the first-week tests: accounts and organizations made through the same
 * HTTP API the pages use (in the page's browser context, so its cookies are the session), when
 * the test is about what comes after.
 */
export const PASSWORD = "Union-Strong-2026";

async function post(page: Page, path: string, data: unknown, method: "POST" | "PUT" = "POST") {
  const base = `http://localhost:${process.env.E2E_PORT}`;
  const response = await page.request.fetch(`${base}${path}`, {
    method,
    data,
    headers: { origin: base },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A verified account, signed in in `page`'s context. */
export async function signedUpAccount(
  page: Page,
  accountType: "admin" | "member",
  name = accountType === "admin" ? "Ada Admin" : "Moe Member",
) {
  const email = uniqueEmail(accountType);
  await post(page, "/api/auth/sign-up/email", { name, email, password: PASSWORD, accountType });
  const link = new URL(
    linkFrom(await waitForMail(email, "Confirm your UnionHall account"), "/verify-email"),
  );
  const verified = await page.request.get(
    `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get("token") ?? "")}`,
  );
  expect(verified.status()).toBeLessThan(400);
  await post(page, "/api/auth/sign-in/email", { email, password: PASSWORD });
  return { email, password: PASSWORD, name };
}

/** A new organization on `plan` whose admin is signed in in `page`. */
export async function organizationWithAdmin(page: Page, name: string, plan = "growth") {
  const admin = await signedUpAccount(page, "admin");
  const org = (await post(page, "/api/organizations", { name, plan, billingCycle: "monthly" })) as {
    id: string;
    inviteCode: string;
  };
  return { admin, org };
}

/** Turns two-factor on for the account signed in in `page`; answers its otpauth URI. */
export async function enableTwoFactor(page: Page, password: string) {
  const { totpURI } = (await post(page, "/api/auth/two-factor/enable", { password })) as {
    totpURI: string;
  };
  await post(page, "/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI) });
  return totpURI;
}

export const put = (page: Page, path: string, data: unknown) => post(page, path, data, "PUT");
export const postJson = post;
