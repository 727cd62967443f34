import { expect, type Page } from "@playwright/test";
import { totpFromUri } from "../support/totp.ts";

/**
 * Set-up shortcuts through the same HTTP API the pages use, in the page's browser context (its
 * cookies are the session), when the test is about what comes after.
 */
async function send(page: Page, path: string, data: unknown, method: "POST" | "PUT" = "POST") {
  const base = `http://localhost:${process.env.E2E_PORT}`;
  const response = await page.request.fetch(`${base}${path}`, {
    method,
    data,
    headers: { origin: base },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** Turns two-factor on for the account signed in in `page`; answers its otpauth URI. */
export async function enableTwoFactor(page: Page, password: string) {
  const { totpURI } = (await send(page, "/api/auth/two-factor/enable", { password })) as {
    totpURI: string;
  };
  await send(page, "/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI) });
  return totpURI;
}

export const put = (page: Page, path: string, data: unknown) => send(page, path, data, "PUT");
