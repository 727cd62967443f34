import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import {
  createManagedOwner,
  type DebianPostgres,
  freePort,
  startDebianPostgres,
} from "../support/debian-postgres.ts";
import { MailCatcher } from "../support/mail-catcher.ts";

/**
 * How a host grows past one machine (docs/multi-server.md): two server processes on one
 * external PostgreSQL (Debian's `postgresql` binaries, started here on 127.0.0.1), as behind
 * a load balancer. The DATABASE_URL owner has CREATEROLE and CREATEDB and is no superuser,
 * as a managed PostgreSQL gives one: the servers give the app role its login themselves.
 * Sessions, live streams, rate limits, the outbox and scheduled notices all live in the
 * database, so it makes no difference which instance a request reaches.
 */
const root = mkdtempSync(path.join(tmpdir(), "unionhall-multi-"));
chmodSync(root, 0o755);
const authSecret = randomBytes(32).toString("hex");
let cluster: DebianPostgres | undefined;
let ownerUrl = "";
const servers: { port: number; child: ChildProcess; output: string }[] = [];
const smtp = new MailCatcher();
let appUrl = "";

/** The newest PostgreSQL Debian installed here (15 on the test machine). */
const newestVersion = () =>
  readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))[0] ?? "15";

async function startServer(port: number, name: string) {
  const dataDir = path.join(root, name);
  const child = spawn(process.execPath, ["--enable-source-maps", inject("serverBundle")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: appUrl,
      DATABASE_URL: ownerUrl,
      AUTH_SECRET: authSecret,
      SMTP_URL: smtp.smtpUrl,
      SEED_DEMO: "false",
      BILLING_MODE: "test",
      AUTH_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const entry = { port, child, output: "" };
  child.stdout?.on("data", (d) => (entry.output += d));
  child.stderr?.on("data", (d) => (entry.output += d));
  servers.push(entry);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${entry.output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${entry.output}`);
}

/** A request to instance `i` (0 or 1), as the browser on APP_URL sends it through a proxy. */
function call(i: number, method: string, url: string, body?: unknown, cookie = "") {
  return fetch(`http://127.0.0.1:${servers[i]?.port}${url}`, {
    method,
    headers: {
      origin: appUrl,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function mailTo(address: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (smtp.to(address).length === 0) {
    if (Date.now() > deadline) throw new Error(`no mail for ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return smtp.to(address);
}

const trialAdmin = `trial-admin-${Date.now()}@example.org`;

beforeAll(async () => {
  await smtp.start();
  cluster = await startDebianPostgres(newestVersion());
  // A managed PostgreSQL's owner: CREATEROLE and CREATEDB, not superuser (issue 28).
  ownerUrl = await createManagedOwner(cluster.url, "unionhall_owner");
  // Before the servers start: an organization whose trial has just ended, for the notice.
  await migrateToLatest(ownerUrl);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const userId = randomUUID();
  const orgId = randomUUID();
  await owner.query(
    `INSERT INTO users (id, name, email, email_verified, account_type, created_at, updated_at)
     VALUES ($1, 'Trial Admin', $2, true, 'admin', now(), now())`,
    [userId, trialAdmin],
  );
  await owner.query(
    `INSERT INTO organizations (id, name, invite_code, plan, billing_cycle, status, trial_ends_at)
     VALUES ($1, 'Trial Local', $2, 'starter', 'monthly', 'trialing', now() - interval '1 hour')`,
    [orgId, `TRIAL${randomBytes(3).toString("hex").toUpperCase()}`],
  );
  await owner.query(
    `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, 'admin')`,
    [orgId, userId],
  );
  await owner.end();
  const ports = [await freePort(), await freePort()];
  appUrl = `http://127.0.0.1:${ports[0]}`;
  // Both at once, as a deployment starts them: the notice job runs on each at start.
  await Promise.all([startServer(ports[0] ?? 0, "a"), startServer(ports[1] ?? 0, "b")]);
}, 240_000);

/** Sends `signal`, and SIGKILL if the process has not gone after `ms`. */
function stopProcess(child: ChildProcess, signal: NodeJS.Signals, ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

afterAll(async () => {
  await Promise.all(servers.map((s) => stopProcess(s.child, "SIGTERM")));
  await cluster?.stop();
  await smtp.stop();
  rmSync(root, { recursive: true, force: true });
}, 90_000);

describe("two server instances on one PostgreSQL", () => {
  let cookie = "";
  let email = "";
  let grievanceId = "";

  it("a session made on one works on the other", async () => {
    email = `multi-${Date.now()}@example.org`;
    const signUp = await call(0, "POST", "/api/auth/sign-up/email", {
      name: "Multi Admin",
      email,
      password: "Multi-Server-2026",
      accountType: "admin",
    });
    expect(signUp.status).toBe(200);
    const [verification] = await mailTo(email);
    const link = verification?.text.match(/https?:\/\/\S*verify-email\S*/)?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    const verified = await call(1, "GET", `/api/auth/verify-email?token=${token}`);
    expect(verified.status).toBeLessThan(400);
    const signIn = await call(0, "POST", "/api/auth/sign-in/email", {
      email,
      password: "Multi-Server-2026",
    });
    expect(signIn.status).toBe(200);
    cookie = cookieOf(signIn);
    const me = await call(1, "GET", "/api/me", undefined, cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it("a grievance filed through one reaches a live stream on the other", async () => {
    const org = await call(
      1,
      "POST",
      "/api/organizations",
      { name: "Multi Local", plan: "pro", billingCycle: "monthly" },
      cookie,
    );
    expect(org.status).toBe(201);
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${servers[1]?.port}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    const received = (async () => {
      let text = "";
      while (!text.includes("event: grievance")) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      return text;
    })();
    await new Promise((r) => setTimeout(r, 300));
    const filed = await call(
      0,
      "POST",
      "/api/grievances",
      {
        name: "Multi Person",
        badgeNumber: "M-1",
        jobTitle: "Manager",
        department: "Sales",
        location: "Main Office",
        description: "Filed through the first instance of two.",
        remedy: "Heard on the second instance.",
      },
      cookie,
    );
    expect(filed.status).toBe(201);
    const { id } = (await filed.json()) as { id: string };
    grievanceId = id;
    const text = await Promise.race([
      received,
      new Promise<string>((r) => setTimeout(() => r("timed out"), 15_000)),
    ]);
    controller.abort();
    expect(text).toContain(`"grievanceId":"${id}"`);
  });

  it("rate limits are counted once for both", async () => {
    const contact = {
      name: "Dana Whitfield",
      email: "dana@local512.example",
      organization: "Teamsters Local 512",
      message: "We have about 40 members and would like a demo of grievance tracking.",
    };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(i % 2, "POST", "/api/contact", contact)).status);
    }
    // Five an hour from one address (FORM_LIMIT), whichever instance takes them.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("sends each outbox mail once, and each scheduled notice once", async () => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const to = (n: number) => `outbox-${n}@example.org`;
    for (let n = 0; n < 20; n++) {
      await owner.query(
        "INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ($1, 'Once', 'Once only')",
        [to(n)],
      );
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await owner.query(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'",
      );
      if (rows[0].n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await owner.end();
    await new Promise((r) => setTimeout(r, 1000));
    for (let n = 0; n < 20; n++) expect(smtp.to(to(n))).toHaveLength(1);
    // Both instances ran the trial-notice job at start; the admin got one notice.
    expect(await mailTo(trialAdmin)).toHaveLength(1);
  }, 90_000);
  it("restarted together, both instances remind of a deadline due today once", async () => {
    // A time zone where it is already past 07:00 today, so the reminder is due now.
    const zone =
      [
        "Pacific/Kiritimati",
        "Asia/Tokyo",
        "Asia/Kolkata",
        "Europe/London",
        "America/New_York",
        "Pacific/Honolulu",
      ].find((tz) => {
        const hour = Number(
          new Intl.DateTimeFormat("en-US", {
            timeZone: tz,
            hour: "numeric",
            hourCycle: "h23",
          }).format(new Date()),
        );
        return hour >= 8 && hour <= 21;
      }) ?? "UTC";
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const moved = await owner.query(
        `UPDATE grievance_deadlines SET due_date = $1, time_zone = $2
         WHERE grievance_id = $3 AND state = 'open' RETURNING id`,
        [today, zone, grievanceId],
      );
      expect(moved.rowCount).toBe(1);
      await owner.query("UPDATE grievances SET next_due_date = $1 WHERE id = $2", [
        today,
        grievanceId,
      ]);

      // A deployment restarting: both stop, both start at once, and each runs its jobs at start.
      const ports = servers.map((s) => s.port);
      await Promise.all(servers.map((s) => stopProcess(s.child, "SIGTERM")));
      servers.length = 0;
      await Promise.all([startServer(ports[0] ?? 0, "a"), startServer(ports[1] ?? 0, "b")]);

      const isReminder = (m: { subject: string }) => m.subject.startsWith("Reminder: ");
      const waitUntil = Date.now() + 30_000;
      while (!smtp.to(email).some(isReminder) && Date.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 200));
      }
      // Both instances have run the job; give a duplicate time to arrive.
      await new Promise((r) => setTimeout(r, 2000));
      const reminders = smtp.to(email).filter(isReminder);
      expect(reminders.map((m) => m.subject)).toHaveLength(1);
      expect(reminders[0]?.subject).toContain("due today");
      const sent = await owner.query(
        "SELECT count(*)::int AS n FROM deadline_reminders WHERE deadline_id = $1",
        [moved.rows[0].id],
      );
      expect(sent.rows[0].n).toBe(1);
    } finally {
      await owner.end();
    }
  }, 240_000);
});
