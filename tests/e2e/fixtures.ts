import path from "node:path";
import { type BrowserContext, test as base, type Page } from "@playwright/test";
import pino from "pino";
import { createAppPool, createKysely, type DB } from "../../src/server/db/connection.ts";
import { DEMO_USERS, type DemoPeople } from "../../src/server/db/seed/demo.ts";
import { type Auth, createAuth } from "../../src/server/lib/auth/auth.ts";
import { diskStorage, type Storage } from "../../src/server/lib/storage/storage.ts";
import { addMember } from "../../src/server/lib/tenancy/memberships.ts";
import { seedDemoAnnouncements } from "../../src/server/modules/announcements/demo.ts";
import { seedDemoDocuments } from "../../src/server/modules/documents/demo.ts";
import { seedDemoGrievances } from "../../src/server/modules/grievances/demo.ts";
import { createOrganization, saveConfig } from "../../src/server/modules/organizations/service.ts";
import type { Role } from "../../src/shared/permissions.ts";
import { createAccount, mintSession } from "../support/sessions.ts";
import { uniqueEmail } from "./support.ts";

/**
 * Each test makes its own people and organization through the server's own code (on the
 * database the global setup started), so tests cannot see each other's data and run in
 * parallel; and signs them in by minting a session, the way sign-in does, instead of the
 * form. The tests whose journey is signing up or in still use the pages.
 */

/** Someone with a browser of their own, signed in unless asked otherwise. */
export interface Person {
  id: string;
  name: string;
  email: string;
  /** Only when asked for (sign-in journeys, two-factor): hashing one costs. */
  password?: string;
  badge: string | null;
  context: BrowserContext;
  page: Page;
}

export interface Local {
  id: string;
  name: string;
  inviteCode: string;
  admin: Person;
  steward: Person;
  member: Person;
}

export interface AccountOptions {
  name?: string;
  accountType?: "admin" | "member";
  password?: string;
  /** False: the account exists, its browser is signed out (a sign-in journey). */
  signedIn?: boolean;
}

export interface LocalOptions {
  plan?: string;
  /** The demo organization's people and content (documents, announcements, grievances). */
  demo?: boolean;
  /** A password for each person (for tests that sign in through the form). */
  password?: string;
  /** The spec's default job titles, departments and locations instead of one of each. */
  defaultLists?: boolean;
}

/** The password tests give the people who sign in through the form. */
export const PASSWORD = "Union-Strong-2026";

interface Backend {
  db: DB;
  auth: Auth;
  storage: Storage;
  appUrl: string;
}

interface Fixtures {
  /**
   * Closes the browser contexts a test opened on `browser` itself and left open (the language
   * journeys' pages, the first day's people): their pages kept event streams and polls going
   * on the worker for the rest of the run, and were in every later failure's screenshots.
   */
  closeLeftContexts: undefined;
  /** Puts the user's session cookie in the browser context: signed in, no form. */
  signInAs(context: BrowserContext, user: { id: string }): Promise<void>;
  /** An account of no organization, with a browser of its own. */
  newAccount(options?: AccountOptions): Promise<Person>;
  /** An organization of this test's own, on its trial, with an admin, a steward and a member. */
  newLocal(name: string, options?: LocalOptions): Promise<Local>;
}

export const test = base.extend<Fixtures, { backend: Backend }>({
  backend: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const appUrl = `http://localhost:${process.env.E2E_PORT}`;
      const secret = process.env.E2E_AUTH_SECRET;
      const databaseUrl = process.env.E2E_APP_DATABASE_URL;
      if (!secret || !databaseUrl) throw new Error("The global setup has not run");
      const pool = createAppPool(databaseUrl, 3);
      const db = createKysely(pool);
      const auth = createAuth({
        appUrl,
        secret,
        pool,
        db,
        log: pino({ level: "silent" }),
        isProduction: false,
        rateLimitPerMinute: 100_000,
      });
      const storage = diskStorage(path.join(process.env.E2E_DATA_DIR ?? "", "files"));
      await use({ db, auth, storage, appUrl });
      await db.destroy();
    },
    { scope: "worker" },
  ],

  closeLeftContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const left = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(left.map((c) => c.close()));
    },
    { auto: true },
  ],

  signInAs: async ({ backend }, use) => {
    await use(async (context, user) => {
      const cookie = await mintSession(backend.auth, user.id);
      await context.addCookies([
        { ...cookie, url: backend.appUrl, httpOnly: true, sameSite: "Lax" },
      ]);
    });
  },

  newAccount: async ({ backend, browser, signInAs }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const accountType = options.accountType ?? "member";
      const name = options.name ?? (accountType === "admin" ? "Ada Admin" : "Mo Member");
      const email = uniqueEmail(accountType);
      const user = await createAccount(backend.auth, {
        email,
        name,
        accountType,
        password: options.password,
      });
      const context = await browser.newContext();
      contexts.push(context);
      if (options.signedIn !== false) await signInAs(context, user);
      const page = await context.newPage();
      return { id: user.id, name, email, password: options.password, badge: null, context, page };
    });
    // Pages left open keep event streams and polls going into the next tests.
    await Promise.all(contexts.map((c) => c.close()));
  },

  newLocal: async ({ backend, newAccount }, use) => {
    await use(async (name, options = {}) => {
      const { db, storage, appUrl } = backend;
      const demo = (role: Role) => DEMO_USERS.find((u) => u.role === role);
      const person = (role: Role, fallback: string) =>
        newAccount({
          name: options.demo ? demo(role)?.name : fallback,
          accountType: role === "admin" ? "admin" : "member",
          password: options.password,
        });
      const admin = await person("admin", "Ada Admin");
      const org = await createOrganization(db, admin.id, {
        name,
        plan: options.plan ?? "growth",
        billingCycle: "monthly",
      });
      // The demo keeps the spec's default lists (empty lists stand for them); a plain local
      // has one of each.
      await saveConfig(
        db,
        org.id,
        options.demo || options.defaultLists
          ? { name, jobTitles: [], departments: [], locations: [] }
          : { name, jobTitles: ["Driver"], departments: ["Transit"], locations: ["North Garage"] },
      );
      const join = async (role: "steward" | "member", fallback: string) => {
        const p = await person(role, fallback);
        const details = options.demo ? demo(role) : undefined;
        await addMember(db, {
          organizationId: org.id,
          userId: p.id,
          role,
          badgeNumber: details?.badge ?? null,
          department: details?.department ?? null,
          facility: details ? "Main Office" : null,
        });
        return { ...p, badge: details?.badge ?? null };
      };
      const steward = await join("steward", "Sam Steward");
      const member = await join("member", "Mo Member");
      if (options.demo) {
        const people: DemoPeople = { admin, steward, member };
        await seedDemoDocuments(db, storage, org.id, people);
        await seedDemoAnnouncements(db, org.id, people);
        await seedDemoGrievances(db, org.id, people, appUrl);
      }
      return {
        id: org.id,
        name,
        inviteCode: org.inviteCode,
        admin,
        steward,
        member,
      };
    });
  },
});

/** JSON through the person's own cookies, with the Origin better-auth wants on a cookie POST. */
export async function api<T>(
  person: Pick<Person, "context">,
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

export { expect } from "@playwright/test";
