import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { linkFrom, uniqueEmail, waitForMail } from "./support.ts";

const PASSWORD = "Local-Test-Pass-2026";

export interface Person {
  name: string;
  email: string;
  page: Page;
  context: BrowserContext;
}

/** JSON through the person's own cookies, with the Origin better-auth wants on a cookie POST. */
export async function api<T>(
  person: Person,
  method: "GET" | "POST" | "PUT" | "PATCH",
  path: string,
  body?: unknown,
): Promise<T> {
  const base = `http://localhost:${process.env.E2E_PORT}`;
  const response = await person.context.request.fetch(`${base}${path}`, {
    method,
    headers: { origin: base, "content-type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** A verified, signed-in account in its own browser context (through the API: fast). */
export async function account(browser: Browser, name: string, accountType: "admin" | "member") {
  const context = await browser.newContext();
  const person: Person = {
    name,
    email: uniqueEmail(accountType),
    page: await context.newPage(),
    context,
  };
  await api(person, "POST", "/api/auth/sign-up/email", {
    name,
    email: person.email,
    password: PASSWORD,
    accountType,
  });
  const link = new URL(
    linkFrom(await waitForMail(person.email, "Confirm your UnionHall account"), "/verify-email"),
  );
  const token = link.searchParams.get("token") ?? "";
  await api(person, "GET", `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  await api(person, "POST", "/api/auth/sign-in/email", { email: person.email, password: PASSWORD });
  return person;
}

/**
 * A fresh local of its own (Growth plan, on its trial) with an admin, a steward and a member,
 * so that a test can change the procedure without touching the demo organization other tests
 * share.
 */
export async function newLocal(browser: Browser, name: string) {
  const admin = await account(browser, "Ada Admin", "admin");
  const org = await api<{ inviteCode: string }>(admin, "POST", "/api/organizations", {
    name,
    plan: "growth",
    billingCycle: "monthly",
  });
  await api(admin, "PUT", "/api/organization/config", {
    name,
    jobTitles: ["Driver"],
    departments: ["Transit"],
    locations: ["North Garage"],
  });
  const steward = await account(browser, "Sam Steward", "member");
  const member = await account(browser, "Mo Member", "member");
  for (const p of [steward, member])
    await api(p, "POST", "/api/organizations/join", { inviteCode: org.inviteCode });
  const members = await api<{ items: { id: string; email: string }[] }>(
    admin,
    "GET",
    "/api/members",
  );
  const stewardId = members.items.find((m) => m.email === steward.email)?.id;
  expect(stewardId).toBeTruthy();
  await api(admin, "PATCH", `/api/members/${stewardId}`, { role: "steward" });
  return { admin, steward, member };
}
