import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppPool, createKysely, type DB } from "../../src/server/db/connection.ts";
import { withTenant } from "../../src/server/db/tenant.ts";
import { startJobs } from "../../src/server/jobs.ts";
import { sendDeadlineReminders } from "../../src/server/modules/deadlines/reminders.ts";
import { assign, fileGrievance, setDueDate } from "../support/deadlines.ts";
import { addPerson, createOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Deadline reminders (issue 18) on a controllable clock: 07:00 in the organization's time zone
 * (America/New_York by default) 3 days, 1 day and 0 days before the due date, each once.
 * Each scenario has its own organization and its own dates, so the job (which runs across
 * organizations) never mixes them up.
 */
let t: TestApp;
let clock = new Date("2026-10-20T15:00:00Z");
const log = pino({ level: "silent" });

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(() => t.close());

const run = (iso: string, db: DB = t.db) => sendDeadlineReminders(db, APP_URL, new Date(iso));

async function mailsTo(email: string) {
  const rows = await t.db
    .selectFrom("mailOutbox")
    .select(["subject", "textBody"])
    .where("toAddress", "=", email)
    .orderBy("id")
    .execute();
  return rows.filter((m) => /Reminder|Deadlines for/.test(m.subject));
}

/** A local with its people and `count` grievances assigned to `assignee` (null: nobody), due on `due`. */
async function local(name: string) {
  const org = await createOrganization(t, name);
  return {
    org,
    async grievances(count: number, due: string, assignee: string | null) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const g = await fileGrievance(org.member.client, { subject: `${name} case ${i + 1}` });
        await setDueDate(t, org.id, g.id, due);
        if (assignee) await assign(org.admin.client, g.id, assignee);
        ids.push(g.id);
      }
      return ids;
    },
  };
}

describe("reminders at 07:00 local time", () => {
  it("goes out 3 days, 1 day and on the due date, across the end of daylight saving time", async () => {
    const { org, grievances } = await local("Autumn Local");
    const [id] = await grievances(1, "2026-11-02", org.steward.id);
    const subjects = async () => (await mailsTo(org.steward.email)).map((m) => m.subject);

    // Fri 30 Oct is still daylight saving time (UTC-4): 07:00 is 11:00 UTC.
    await run("2026-10-30T10:59:00Z");
    expect(await subjects()).toEqual([]);
    await run("2026-10-30T11:00:00Z");
    expect(await subjects()).toEqual([
      `Reminder: ${id} Step 1: employer answer due in 3 days (Mon 2 Nov 2026)`,
    ]);
    await run("2026-10-30T18:00:00Z");
    expect(await subjects()).toHaveLength(1);
    // Sun 1 Nov is standard time (UTC-5): 07:00 is 12:00 UTC, not 11:00.
    await run("2026-11-01T11:30:00Z");
    expect(await subjects()).toHaveLength(1);
    await run("2026-11-01T12:00:00Z");
    expect((await subjects()).at(-1)).toBe(
      `Reminder: ${id} Step 1: employer answer due tomorrow (Mon 2 Nov 2026)`,
    );
    await run("2026-11-02T11:59:00Z");
    expect(await subjects()).toHaveLength(2);
    await run("2026-11-02T12:00:00Z");
    await run("2026-11-02T20:00:00Z");
    expect(await subjects()).toEqual([
      `Reminder: ${id} Step 1: employer answer due in 3 days (Mon 2 Nov 2026)`,
      `Reminder: ${id} Step 1: employer answer due tomorrow (Mon 2 Nov 2026)`,
      `Reminder: ${id} Step 1: employer answer due today (Mon 2 Nov 2026)`,
    ]);
    const [first] = await mailsTo(org.steward.email);
    expect(first?.textBody).toContain("Employer answer to Step 1");
    expect(first?.textBody).toContain(`${APP_URL}/grievances/${id}`);
    // Nobody else: it is assigned.
    expect(await mailsTo(org.admin.email)).toEqual([]);
  });

  it("sends more than three due the same morning as one digest listing quiet grievants", async () => {
    const { org, grievances } = await local("Digest Local");
    const ids = await grievances(4, "2026-11-25", org.steward.id);
    const [quiet] = await grievances(1, "2027-01-20", org.steward.id);
    await withTenant(t.db, org.id, (trx) =>
      trx
        .updateTable("grievances")
        .set({ grievantUpdatedAt: new Date("2026-11-01T12:00:00Z") })
        .where("organizationId", "=", org.id)
        .where("id", "=", quiet ?? "")
        .execute(),
    );
    // Three due the same morning stay single mails.
    const three = await addPerson(t, org.id, "steward", { name: "Three Steward" });
    await grievances(3, "2026-11-25", three.id);

    await run("2026-11-24T12:00:00Z");
    const mails = await mailsTo(org.steward.email);
    expect(mails.map((m) => m.subject)).toEqual(["Deadlines for Tue 24 Nov 2026: 4 due soon"]);
    for (const id of ids)
      expect(mails[0]?.textBody).toContain(
        `${id} Step 1: employer answer due, Wed 25 Nov 2026 (tomorrow)`,
      );
    expect(mails[0]?.textBody).toContain("past the local's limit of 10 business days");
    expect(mails[0]?.textBody).toContain(`${quiet} Digest Local case 1: 23 days`);
    expect(await mailsTo(three.email)).toHaveLength(3);
  }, 60_000);

  it("tells every steward and admin when nobody is assigned, minus the reminders they turned off", async () => {
    const { org, grievances } = await local("Unassigned Local");
    const quietSteward = await addPerson(t, org.id, "steward", { name: "Quiet Steward" });
    await quietSteward.client.request("PUT", "/api/profile/reminders", {
      threeDays: false,
      oneDay: true,
    });
    const [id] = await grievances(1, "2026-11-30", null);
    await run("2026-11-27T12:00:00Z");
    const three = `Reminder: ${id} Step 1: employer answer due in 3 days (Mon 30 Nov 2026)`;
    expect((await mailsTo(org.steward.email)).map((m) => m.subject)).toEqual([three]);
    expect((await mailsTo(org.admin.email)).map((m) => m.subject)).toEqual([three]);
    expect(await mailsTo(quietSteward.email)).toEqual([]);
    expect(await mailsTo(org.member.email)).toEqual([]);
    expect((await mailsTo(org.steward.email))[0]?.textBody).toContain("Nobody is assigned");
    // 'Due today' cannot be turned off.
    await run("2026-11-30T12:00:00Z");
    expect((await mailsTo(quietSteward.email)).map((m) => m.subject)).toEqual([
      `Reminder: ${id} Step 1: employer answer due today (Mon 30 Nov 2026)`,
    ]);
  });

  it("sends none for a deadline extended or met before its reminder", async () => {
    const { org, grievances } = await local("Settled Local");
    const [extended, met] = await grievances(2, "2026-12-10", org.steward.id);
    clock = new Date("2026-12-07T11:00:00Z");
    const detail = (await org.steward.client.get(`/api/grievances/${extended}`)).json();
    const ext = await org.steward.client.post(`/api/grievances/${extended}/extensions`, {
      deadlineId: detail.nextDeadline.id,
      newDueDate: "2026-12-21",
      agreedWith: "HR Manager Pat",
    });
    expect(ext.statusCode, ext.body).toBe(200);
    const answered = await org.steward.client.post(`/api/grievances/${met}/response`, {
      receivedOn: "2026-12-07",
      decision: "denied",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await run("2026-12-07T12:00:00Z");
    await run("2026-12-09T12:00:00Z");
    await run("2026-12-10T12:00:00Z");
    expect(await mailsTo(org.steward.email)).toEqual([]);
    // The extended deadline is reminded of at its new date; the answer opened the appeal's.
    await run("2026-12-18T12:00:00Z");
    expect((await mailsTo(org.steward.email)).map((m) => m.subject)).toEqual([
      `Reminder: ${extended} Step 1: employer answer due in 3 days (Mon 21 Dec 2026)`,
      `Reminder: ${met} Step 1: our appeal due in 3 days (Mon 21 Dec 2026)`,
    ]);
  });
});

describe("exactly once", () => {
  it("with two server instances on one database running the job at the same time", async () => {
    // A second instance: its own pool and its own scheduler on the same database.
    const pool = createAppPool(t.databaseUrl, 5);
    const otherDb = createKysely(pool);
    try {
      const { org, grievances } = await local("Twin Local");
      const single = await addPerson(t, org.id, "steward", { name: "Single Steward" });
      await grievances(5, "2027-01-08", org.steward.id);
      await grievances(2, "2027-01-08", single.id);
      const at = new Date("2027-01-05T12:00:00Z");
      const jobsA = startJobs({ db: t.db, appUrl: APP_URL, log, now: () => at, timers: false });
      const jobsB = startJobs({ db: otherDb, appUrl: APP_URL, log, now: () => at, timers: false });
      const claimed = await Promise.all([
        jobsA.runNow("deadline-reminders"),
        jobsB.runNow("deadline-reminders"),
        run(at.toISOString(), otherDb),
        run(at.toISOString()),
      ]);
      // Restarted instances find nothing left.
      claimed.push(
        await jobsA.runNow("deadline-reminders"),
        await jobsB.runNow("deadline-reminders"),
      );
      await Promise.all([jobsA.stop(), jobsB.stop()]);
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(7);
      expect((await mailsTo(org.steward.email)).map((m) => m.subject)).toEqual([
        "Deadlines for Tue 5 Jan 2027: 5 due soon",
      ]);
      expect(await mailsTo(single.email)).toHaveLength(2);
      const sent = await withTenant(t.db, org.id, (trx) =>
        trx.selectFrom("deadlineReminders").select(["kind", "digest"]).execute(),
      );
      expect(sent).toHaveLength(7);
      expect(sent.filter((r) => r.digest)).toHaveLength(5);
    } finally {
      await otherDb.destroy();
    }
  });
});
