import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppPool, createKysely } from "../../src/server/db/connection.ts";
import { up as hashIdentifiers } from "../../src/server/db/migrations/0105_hashed_verification_identifiers.ts";
import { createAuth } from "../../src/server/lib/auth/auth.ts";
import { RESPOND_LIMIT, RESPOND_LINK_LIMIT } from "../../src/server/modules/employer/routes.ts";
import { BROKEN_TEXT_MESSAGE } from "../../src/server/plugins/hardening.ts";
import { DateMessages } from "../../src/shared/schemas/dates.ts";
import { EmployerMessages } from "../../src/shared/schemas/employer.ts";
import { officeClock } from "../support/clock.ts";
import { linkIn } from "../support/mail-catcher.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/** Issue 28, the second attack run: each defect below answered 500 or leaked before. */
const clock = officeClock("2026-11-23");
let t: MailTestApp;
let org: TestOrganization;
beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  org = await createOrganization(t, "Second Round Local");
});
afterAll(() => t.close());

const grievance = {
  name: "Pat Doe",
  badgeNumber: "B-7",
  jobTitle: "Other",
  department: "Other",
  location: "Other",
  description: "Overtime was given out of seniority order.",
  remedy: "Pay the overtime lost.",
};

async function fileGrievance() {
  const res = await org.member.client.post("/api/grievances", grievance);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

type Deadline = { id: string; state: string };
async function runningDeadline(id: string) {
  const detail = (await org.steward.client.get(`/api/grievances/${id}`)).json();
  return (detail.deadlines as Deadline[]).find((d) => d.state === "open") as Deadline;
}

/** The stored rows a refused write must not have touched. */
async function snapshot(grievanceId: string) {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM grievance_events WHERE grievance_id = ${grievanceId})::int
         + (SELECT count(*) FROM grievance_deadlines WHERE grievance_id = ${grievanceId})::int AS n
  `.execute(t.db);
  return rows[0]?.n;
}

describe("half a surrogate pair ('\\ud800') in any text field answers 400, never 500", () => {
  const LONE = ["\ud800", "Pat \udc00 Kim", "\udbff"];

  it("in an extension's agreedWith and note: the field's message, nothing stored", async () => {
    const id = await fileGrievance();
    const deadline = await runningDeadline(id);
    const before = await snapshot(id);
    for (const bad of LONE) {
      for (const field of ["agreedWith", "note"]) {
        const res = await org.steward.client.post(`/api/grievances/${id}/extensions`, {
          deadlineId: deadline.id,
          newDueDate: "2026-12-30",
          agreedWith: "Pat Kim, HR Director",
          [field]: bad,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: "VALIDATION_FAILED",
          message: BROKEN_TEXT_MESSAGE,
          fields: { [field]: BROKEN_TEXT_MESSAGE },
        });
      }
    }
    expect(await snapshot(id)).toBe(before);
    // A whole pair (an emoji) is ordinary text.
    const emoji = await org.steward.client.post(`/api/grievances/${id}/extensions`, {
      deadlineId: deadline.id,
      newDueDate: "2026-12-30",
      agreedWith: "Pat Kim 👍",
    });
    expect(emoji.statusCode).toBe(200);
  });

  it("in procedure step and closure names, in Spanish for a Spanish reader", async () => {
    const procedure = (await org.admin.client.get("/api/organization/procedure")).json();
    const steps = structuredClone(procedure.steps);
    steps[1].name = "Step \ud800 2";
    const res = await org.admin.client.request("PUT", "/api/organization/procedure", {
      ...procedure,
      steps,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ "steps.1.name": BROKEN_TEXT_MESSAGE });
    const closure = await t.app.inject({
      method: "PUT",
      url: "/api/organization/procedure",
      headers: {
        origin: "http://localhost:3000",
        cookie: org.admin.client.cookieHeader(),
        "content-type": "application/json",
        "accept-language": "es",
      },
      payload: JSON.stringify({
        ...procedure,
        closures: [{ date: "2026-12-24", name: "Nochebuena \udfff" }],
      }),
    });
    expect(closure.statusCode).toBe(400);
    // The admin's own language is English (users.language); the answer follows it.
    expect(closure.json().error.fields["closures.0.name"]).toBe(BROKEN_TEXT_MESSAGE);
    await sql`UPDATE users SET language = 'es' WHERE id = ${org.admin.id}`.execute(t.db);
    try {
      const spanish = await org.admin.client.request("PUT", "/api/organization/procedure", {
        ...procedure,
        closures: [{ date: "2026-12-24", name: "Nochebuena \udfff" }],
      });
      expect(spanish.json().error.fields["closures.0.name"]).toBe(
        "Este texto contiene un carácter dañado (la mitad de un emoji o de un símbolo). Escríbalo de nuevo.",
      );
    } finally {
      await sql`UPDATE users SET language = 'en' WHERE id = ${org.admin.id}`.execute(t.db);
    }
    expect((await org.admin.client.get("/api/organization/procedure")).json()).toEqual(procedure);
  });

  it("in website set-up details and the public founders application", async () => {
    const buyer = await t.createSignedIn();
    await sql`
      INSERT INTO checkout_sessions (id, provider, user_id, organization_id, kind, package_id,
        billing_cycle, add_ons, line_items, success_url, cancel_url, status, completed_at)
      VALUES (${`cs_test_local_${randomUUID().replaceAll("-", "")}`}, 'test', ${buyer.id}, null,
        'package', 'life-moments', 'monthly', '{}', '[]'::jsonb, 'https://x.test/s',
        'https://x.test/c', 'complete', now())`.execute(t.db);
    const setup = {
      siteName: "Maria & Sam",
      contactName: "Maria Santos",
      about: "We met at a union picnic in 2019 and are getting married in June.",
      eventType: "Wedding",
      eventDate: "2027-06-12",
    };
    const broken = await buyer.client.request("PUT", "/api/website-setup/life-moments", {
      details: { ...setup, about: "We met \ud800" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields).toEqual({ "details.about": BROKEN_TEXT_MESSAGE });
    const early = await buyer.client.request("PUT", "/api/website-setup/life-moments", {
      details: { ...setup, eventDate: "0027-06-12" },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({ "details.eventDate": '"Date" must be a date' });
    const stored = await t.db
      .selectFrom("websiteSetupRequests")
      .select("packageId")
      .where("userId", "=", buyer.id)
      .execute();
    expect(stored).toEqual([]);

    const founders = await t.app.inject({
      method: "POST",
      url: "/api/founders-applications",
      headers: { "content-type": "application/json" },
      remoteAddress: "198.51.100.77",
      payload: JSON.stringify({
        name: "Ray Alvarez",
        email: "ray@atu1181.example",
        organization: "ATU Local 1181 \ud83d",
        role: "Recording secretary",
        memberCount: "51-250",
        message: "We want to move our grievances off spreadsheets this year.",
      }),
    });
    expect(founders.statusCode).toBe(400);
    expect(founders.json().error.fields).toEqual({ organization: BROKEN_TEXT_MESSAGE });
  });

  it("in a key, on better-auth's routes, and in a query value", async () => {
    const key = await org.admin.client.request("PATCH", "/api/profile", { "na\ud800me": "Pat" });
    expect(key.statusCode).toBe(400);
    expect(key.json().error.message).toBe(BROKEN_TEXT_MESSAGE);
    const signUp = await t.client().post("/api/auth/sign-up/email", {
      name: "Pat \ud800",
      email: "lone-surrogate@example.org",
      password: "Second-Round-2026",
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().message ?? signUp.json().error?.message).toBe(BROKEN_TEXT_MESSAGE);
    // A URL carries UTF-8 bytes: half a pair arrives as bytes that decode to U+FFFD.
    const search = await org.admin.client.get("/api/grievances?q=ab%ED%A0%80c");
    expect(search.statusCode).toBeLessThan(500);
  });
});

describe("dates in the years 0000 to 0099 answer 400 with the field's message", () => {
  it("incidentDate, receivedOn, remedy.dueDate, an extension, a closure, reports' from/to", async () => {
    const id = await fileGrievance();
    const deadline = await runningDeadline(id);
    const before = await snapshot(id);
    for (const day of ["0000-01-01", "0001-01-01", "0050-06-15", "0099-12-31", "1899-12-31"]) {
      const filed = await org.member.client.post("/api/grievances", {
        ...grievance,
        incidentDate: day,
      });
      expect(filed.statusCode).toBe(400);
      expect(filed.json().error.fields).toEqual({ incidentDate: DateMessages.range });
      const answer = await org.steward.client.post(`/api/grievances/${id}/response`, {
        receivedOn: day,
        decision: "denied",
      });
      expect(answer.json().error.fields).toEqual({ receivedOn: DateMessages.range });
      const extension = await org.steward.client.post(`/api/grievances/${id}/extensions`, {
        deadlineId: deadline.id,
        newDueDate: day,
        agreedWith: "Pat Kim",
      });
      expect(extension.json().error.fields).toEqual({ newDueDate: DateMessages.range });
      const closed = await org.steward.client.post(`/api/grievances/${id}/close`, {
        outcome: "granted",
        summary: "Granted in full.",
        remedy: { amountCents: 10_000, dueDate: day, description: "Back pay" },
      });
      expect(closed.json().error.fields).toEqual({ "remedy.dueDate": DateMessages.range });
      for (const range of [`from=${day}`, `to=${day}`]) {
        const report = await org.admin.client.get(`/api/reports/summary?${range}`);
        expect(report.statusCode).toBe(400);
        expect(Object.values(report.json().error.fields)).toEqual([DateMessages.range]);
      }
      const preview = await org.admin.client.get(
        `/api/procedure/deadline-preview?from=${day}&days=10&dayType=business`,
      );
      expect(preview.json().error.fields).toEqual({ from: DateMessages.range });
    }
    expect(await snapshot(id)).toBe(before);
    // A day that is no day keeps the field's own wording.
    const bad = await org.member.client.post("/api/grievances", {
      ...grievance,
      incidentDate: "2026-02-30",
    });
    expect(bad.json().error.fields).toEqual({
      incidentDate: "Please enter the date as YYYY-MM-DD.",
    });
  });
});

describe("sign-up answers the same for a registered and a new email (product-decisions.md 7)", () => {
  /** The answer with what differs between any two sign-ups (the id, the instants) checked apart. */
  function shape(res: Awaited<ReturnType<typeof signUp>>, email: string) {
    const body = res.json();
    const { id, createdAt, updatedAt, email: answeredEmail, ...user } = body.user;
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    for (const at of [createdAt, updatedAt])
      expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    expect(answeredEmail).toBe(email.toLowerCase());
    const headers = Object.fromEntries(
      Object.entries(res.headers).filter(([k]) => !["date", "content-length"].includes(k)),
    );
    return { status: res.statusCode, headers, token: body.token, keys: Object.keys(body), user };
  }

  function signUp(email: string, extra: Record<string, unknown>, headers = {}) {
    return t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000", "content-type": "application/json", ...headers },
      payload: JSON.stringify({
        name: "Sam Rivera",
        password: "Second-Round-2026",
        email,
        ...extra,
      }),
    });
  }

  it("field by field, with and without a language, from an English or a Spanish browser", async () => {
    const registered = await t.createUser({ email: `taken-${Date.now()}@example.org` });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, {}],
      [{}, { "accept-language": "es-MX,es;q=0.9" }],
      [{ language: "es" }, {}],
      [{ language: "fr", accountType: "admin" }, {}],
    ];
    let n = 0;
    for (const [extra, headers] of cases) {
      n += 1;
      const fresh = `fresh-${n}-${Date.now()}@example.org`;
      const known = await signUp(registered.email, extra, headers);
      const created = await signUp(fresh, extra, headers);
      expect(shape(known, registered.email)).toEqual(shape(created, fresh));
    }
  });
});

describe("reset tokens are kept hashed (issue 28)", () => {
  /** Every stored identifier and value that holds `token` in clear. */
  const rowsHolding = async (token: string) =>
    (
      await sql<{ identifier: string }>`
        SELECT identifier FROM verifications
        WHERE strpos(identifier, ${token}) > 0 OR strpos(value, ${token}) > 0`.execute(t.db)
    ).rows;

  it("stores no reset token in clear, and the mailed link still sets the password", async () => {
    const user = await t.createUser();
    const asked = await t.client().post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode).toBe(200);
    const mail = await t.waitForMail(user.email, "Reset your UnionHall password");
    const token = new URL(linkIn(mail, "/reset-password")).searchParams.get("token") ?? "";
    expect(token.length).toBeGreaterThan(16);
    expect(await rowsHolding(token)).toEqual([]);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM verifications WHERE value = ${user.id}`.execute(t.db);
    expect(rows[0]?.n).toBe(1);

    const reset = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "Hashed-Token-2026" });
    expect(reset.statusCode).toBe(200);
    expect((await t.client().signIn(user.email, "Hashed-Token-2026")).statusCode).toBe(200);
    const again = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "Hashed-Token-2027" });
    expect(again.statusCode).toBe(400);
  });

  it("hashes the rows stored in clear before (migration 0105), whose links keep working", async () => {
    const user = await t.createUser();
    const token = `plainToken${randomUUID().replaceAll("-", "")}`;
    await sql`
      INSERT INTO verifications (id, identifier, value, expires_at)
      VALUES (${randomUUID()}, ${`reset-password:${token}`}, ${user.id}, now() + interval '1 hour')
    `.execute(t.db);
    // The migration runs as the schema owner.
    const owner = createKysely(createAppPool(t.databaseUrl, 1));
    try {
      await hashIdentifiers(owner as never);
    } finally {
      await owner.destroy();
    }
    expect(await rowsHolding(token)).toEqual([]);
    const reset = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "Migrated-Token-2026" });
    expect(reset.statusCode).toBe(200);
    expect((await t.client().signIn(user.email, "Migrated-Token-2026")).statusCode).toBe(200);
  });
});

describe("the employer's link is limited by failures per address, and per link (issue 28)", () => {
  async function servedToken() {
    const id = await fileGrievance();
    const email = `hr-${randomUUID().slice(0, 8)}@employer.test`;
    const c = await org.admin.client.post("/api/employer-contacts", {
      name: "Pat Morgan",
      title: "HR Manager",
      email,
    });
    expect(c.statusCode).toBe(201);
    const served = await org.steward.client.post(`/api/grievances/${id}/serve`, {
      contactId: c.json().id,
      message: "Please answer in writing.",
    });
    expect(served.statusCode).toBe(201);
    const mail = await t.waitForMail(email);
    const token = mail.text.match(/\/respond\/([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error("no link in the mail");
    return token;
  }
  const open = (url: string, ip: string) => t.app.inject({ method: "GET", url, remoteAddress: ip });

  it("someone behind the employer's address cannot lock the link's holder out", async () => {
    const token = await servedToken();
    const office = "203.0.113.150";
    // The holder opens the page and its document, as often as a busy office would.
    for (let i = 0; i < RESPOND_LIMIT.max; i++) {
      expect((await open(`/api/respond/${token}`, office)).statusCode).toBe(200);
    }
    // Someone at the same address tries links that open nothing, up to the address's limit.
    const statuses: number[] = [];
    for (let i = 0; i <= RESPOND_LIMIT.max; i++) {
      const guess = randomUUID().replaceAll("-", "").padEnd(43, "x");
      statuses.push((await open(`/api/respond/${guess}`, office)).statusCode);
    }
    expect(statuses.slice(0, RESPOND_LIMIT.max).every((s) => s === 404)).toBe(true);
    const refused = await open(`/api/respond/${randomUUID()}`, office);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(EmployerMessages.tooManyRequests);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The holder still gets in, page and document, from that same address.
    expect((await open(`/api/respond/${token}`, office)).statusCode).toBe(200);
    expect((await open(`/api/respond/${token}/document.pdf`, office)).statusCode).toBe(200);
    const answered = await t.app.inject({
      method: "POST",
      url: `/api/respond/${token}`,
      remoteAddress: office,
      payload: { decision: "denied", text: "The overtime list was followed." },
    });
    expect(answered.statusCode).toBe(200);
  });

  it("a live link has its own budget, whatever the addresses", async () => {
    const token = await servedToken();
    const statuses: number[] = [];
    for (let i = 0; i <= RESPOND_LINK_LIMIT.max; i++) {
      statuses.push((await open(`/api/respond/${token}`, `198.18.${i % 200}.9`)).statusCode);
    }
    expect(statuses.slice(0, RESPOND_LINK_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const busy = await open(`/api/respond/${token}`, "198.18.250.1");
    expect(busy.json().error.message).toBe(EmployerMessages.linkBusy);
  });
});

describe("a calendar feed serves what its owner may see now (issue 28)", () => {
  it("an admin's 'all' feed narrows when the admin becomes a steward, and ends on removal", async () => {
    const local = await createOrganization(t, "Feed Local");
    const owner = await addPerson(t, local.id, "admin", { name: "Feed Admin" });
    const file = async () => {
      const res = await local.member.client.post("/api/grievances", grievance);
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const theirs = await file();
    const unassigned = await file();
    const assigned = await local.admin.client.post(`/api/grievances/${theirs}/assign`, {
      userId: local.steward.id,
    });
    expect(assigned.statusCode).toBe(200);
    const created = await owner.client.post("/api/profile/calendar", { scope: "all" });
    expect(created.statusCode).toBe(201);
    const path = new URL(created.json().url).pathname;
    const feed = async () => {
      const res = await t.app.inject({ method: "GET", url: path });
      return { status: res.statusCode, body: res.body };
    };
    const before = await feed();
    expect(before.status).toBe(200);
    expect(before.body).toContain(theirs);
    expect(before.body).toContain(unassigned);

    const demoted = await local.admin.client.request("PATCH", `/api/members/${owner.id}`, {
      role: "steward",
    });
    expect(demoted.statusCode).toBe(200);
    const after = await feed();
    expect(after.status).toBe(200);
    expect(after.body).not.toContain(theirs);
    expect(after.body).toContain(unassigned);

    // Made admin again, the feed serves the whole local again (it was asked for as 'all').
    await local.admin.client.request("PATCH", `/api/members/${owner.id}`, { role: "admin" });
    expect((await feed()).body).toContain(theirs);

    const removed = await local.admin.client.request("DELETE", `/api/members/${owner.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await feed()).status).toBe(404);
  });
});

describe("better-auth's 415 is logged as the client's error (issue 28)", () => {
  it("at info, never at error", async () => {
    const lines: { level: number; msg: string; status?: number }[] = [];
    const log = pino(
      { level: "debug" },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const pool = createAppPool(t.appDatabaseUrl, 1);
    const auth = createAuth({
      appUrl: "http://localhost:3000",
      secret: "test-secret-0123456789-abcdefghijklmnop",
      pool,
      db: createKysely(pool),
      log,
      isProduction: false,
      rateLimitPerMinute: 100,
    });
    try {
      const res = await auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "text/plain", origin: "http://localhost:3000" },
          body: '{"email":"a@example.org","password":"whatever-1A"}',
        }),
      );
      expect(res.status).toBe(415);
    } finally {
      await pool.end();
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, status: 415 }));
    // Through the server too: a text/plain body reaches better-auth and is answered 415.
    const viaServer = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "text/plain", origin: "http://localhost:3000" },
      payload: '{"email":"a@example.org","password":"whatever-1A"}',
    });
    expect(viaServer.statusCode).toBe(415);
  });
});
