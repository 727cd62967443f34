import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import pino from "pino";
import { inject } from "vitest";
import { type AppDeps, type AppInstance, buildApp } from "../../src/server/app.ts";
import { createAppPool, createKysely, type DB } from "../../src/server/db/connection.ts";
import { type Auth, createAuth } from "../../src/server/lib/auth/auth.ts";
import { startAuthCache } from "../../src/server/lib/auth/auth-cache.ts";
import { createUserWithPassword, type NewUser } from "../../src/server/lib/auth/users.ts";
import { startEventHub } from "../../src/server/lib/events/hub.ts";
import { createTransport } from "../../src/server/lib/mail/transport.ts";
import { type MailWorker, startMailWorker } from "../../src/server/lib/mail/worker.ts";
import { diskStorage, type Storage } from "../../src/server/lib/storage/storage.ts";
import { createTestDatabase } from "./database.ts";
import { type CaughtMail, MailCatcher } from "./mail-catcher.ts";
import { createAccount, mintSession, type NewAccount } from "./sessions.ts";

export const APP_URL = "http://localhost:3000";

/** A browser stand-in: keeps cookies and sends the Origin header better-auth wants. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: AppInstance) {}

  async request(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: APP_URL };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await this.app.inject({
      method,
      url,
      headers,
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keepCookies(response);
    return response;
  }

  get(url: string) {
    return this.request("GET", url);
  }

  /** Any request with this client's cookies (multipart bodies, binary answers). */
  async raw(options: {
    method: "GET" | "POST";
    url: string;
    payload?: Buffer;
    headers?: Record<string, string>;
  }) {
    const headers: Record<string, string> = { origin: APP_URL, ...options.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      headers,
      payload: options.payload,
    });
    this.keepCookies(response);
    return response;
  }
  post(url: string, body: unknown = {}) {
    return this.request("POST", url, body);
  }

  /** The Cookie header this client would send (for real HTTP requests, e.g. event streams). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  signIn(email: string, password: string) {
    return this.post("/api/auth/sign-in/email", { email, password });
  }

  /** Sends this cookie from now on (a session minted by `TestApp.signInAs`). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === "" || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export interface TestApp {
  app: AppInstance;
  db: DB;
  auth: Auth;
  mail: MailWorker;
  storage: Storage;
  filesDir: string;
  /** The owner's connection string (migrations). */
  databaseUrl: string;
  /** The application role's connection string. */
  appDatabaseUrl: string;
  client(): TestClient;
  /** A user with a password, for tests that sign in with it (hashing it costs ~0.3 s). */
  createUser(
    overrides?: Partial<NewUser>,
  ): Promise<{ id: string; email: string; password: string }>;
  /** A client signed in as the user, without the sign-in form (a session minted as sign-in does). */
  signInAs(user: { id: string }): Promise<TestClient>;
  /** A signed-in user, without a password unless given one: set-up for tests not about signing in. */
  createSignedIn(
    overrides?: Partial<NewAccount>,
  ): Promise<{ id: string; email: string; client: TestClient }>;
  close(): Promise<void>;
}

/** scrypt with N = 16 (better-auth's is 16,384): a real hash and check, about a millisecond. */
const cheapScrypt = {
  async hash(password: string) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${scryptSync(password.normalize("NFKC"), salt, 64, { N: 16 }).toString("hex")}`;
  },
  async verify({ hash, password }: { hash: string; password: string }) {
    const [salt = "", key = ""] = hash.split(":");
    const expected = Buffer.from(key, "hex");
    const actual = scryptSync(password.normalize("NFKC"), salt, 64, { N: 16 });
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/**
 * The case-file worker built beside the test server (tests/support/global-server.ts, the same
 * build as `npm run build`): a worker thread starts from it on half the CPU time its source
 * takes under tsx, and some 25 test files start one or more.
 */
function builtCaseFileWorker(): URL {
  return pathToFileURL(path.join(path.dirname(inject("serverBundle")), "case-file-worker.js"));
}

let userCounter = 0;
const nextEmail = () => {
  userCounter += 1;
  return `user${userCounter}-${Date.now()}@example.org`;
};

/** The whole app on a fresh database (no listening socket: requests go through inject). */
export async function startTestApp(
  options: {
    smtp?: MailCatcher;
    webDir?: string;
    /** The clock the app judges deadlines by (the real time when left out). */
    now?: () => Date;
    rateLimitPerMinute?: number;
    /** Another storage driver than the disk under `filesDir` (e.g. S3). */
    storage?: Storage;
    /** More settings, e.g. Stripe's pointed at a fake Stripe server. */
    env?: Partial<AppDeps["env"]>;
    /** How often open event streams check their listener's rights. */
    streamRecheckMs?: number;
    /** Keep sessions and memberships for seconds, as the server does (lib/auth/auth-cache.ts). */
    authCache?: boolean;
    /** The operator's view (metrics, the mail check of /api/ready). */
    deps?: Partial<Pick<AppDeps, "metrics" | "checkMail">>;
    /**
     * Passwords hashed with scrypt at a thousandth of better-auth's cost, for a test that signs
     * hundreds of people in to check something else (the rate limiter): better-auth's own costs
     * about a third of a second of CPU to check, per sign-in.
     */
    cheapPasswordHashing?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const log = pino({ level: process.env.TEST_LOG ?? "silent" });
  const pool = createAppPool(database.appUrl, 5);
  const db = createKysely(pool);
  const auth = createAuth({
    appUrl: APP_URL,
    secret: "test-secret-0123456789-abcdefghijklmnop",
    pool,
    db,
    log,
    isProduction: false,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    passwordHashing: options.cheapPasswordHashing ? cheapScrypt : undefined,
  });
  const mail = startMailWorker({
    db,
    transport: createTransport({
      smtpUrl: options.smtp?.smtpUrl,
      from: "UnionHall <test@unionhall.local>",
      log,
    }),
    log,
    pollMs: 100,
  });
  const events = await startEventHub(database.appUrl, log);
  const authCache = options.authCache ? await startAuthCache(database.appUrl, log) : null;
  const filesDir = mkdtempSync(path.join(tmpdir(), "unionhall-files-"));
  const storage = options.storage ?? diskStorage(filesDir);
  const app = await buildApp({
    env: { APP_URL, isProduction: false, SMTP_URL: options.smtp?.smtpUrl, ...options.env },
    db,
    auth,
    log,
    storage,
    events,
    authCache: authCache?.cache,
    webDir: options.webDir,
    streamRecheckMs: options.streamRecheckMs,
    now: options.now,
    caseFileWorker: builtCaseFileWorker(),
    ...options.deps,
  });
  await app.ready();
  async function signInAs(user: { id: string }) {
    const cookie = await mintSession(auth, user.id);
    const client = new TestClient(app);
    client.setCookie(cookie.name, cookie.value);
    return client;
  }
  return {
    app,
    db,
    auth,
    mail,
    storage,
    filesDir,
    databaseUrl: database.url,
    appDatabaseUrl: database.appUrl,
    client: () => new TestClient(app),
    async createUser(overrides = {}) {
      const input: NewUser = {
        email: nextEmail(),
        password: "Correct-Horse-42",
        name: `Test User ${userCounter}`,
        verified: true,
        ...overrides,
      };
      const user = await createUserWithPassword(auth, input);
      return { ...user, password: input.password };
    },
    signInAs,
    async createSignedIn(overrides = {}) {
      const user = await createAccount(auth, {
        email: nextEmail(),
        name: `Test User ${userCounter}`,
        ...overrides,
      });
      return { ...user, client: await signInAs(user) };
    },
    async close() {
      await app.close();
      await events.close();
      await authCache?.close();
      await mail.stop();
      await db.destroy();
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface MailTestApp extends TestApp {
  /** The local SMTP server the app sends to. */
  smtp: MailCatcher;
  /** The last mail to `to` (with that subject, if given), waiting for the outbox to send it. */
  waitForMail(to: string, subject?: string): Promise<CaughtMail>;
  /** Every mail sent to `to` once the outbox has nothing due. */
  mailsTo(to: string): Promise<CaughtMail[]>;
}

/** `startTestApp` sending through SMTP to its own local SMTP server. */
export async function startTestAppWithMail(
  options: Omit<Parameters<typeof startTestApp>[0], "smtp"> = {},
): Promise<MailTestApp> {
  const smtp = new MailCatcher();
  await smtp.start();
  const t = await startTestApp({ ...options, smtp });
  return {
    ...t,
    smtp,
    async waitForMail(to, subject) {
      // By the clock, not a count of tries: on a busy machine a mail can take seconds.
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        await t.mail.drain();
        const found = smtp.to(to).filter((m) => subject === undefined || m.subject === subject);
        const last = found.at(-1);
        if (last) return last;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail${subject ? ` "${subject}"` : ""} for ${to}`);
    },
    async mailsTo(to) {
      await t.mail.drain();
      return smtp.to(to);
    },
    async close() {
      await t.close();
      await smtp.stop();
    },
  };
}
