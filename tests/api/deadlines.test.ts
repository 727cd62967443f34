import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { assign, fileGrievance, setDueDate } from "../support/deadlines.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The steward's board, the admins' workload, the grievant's last update and the private
 * calendar feed (issue 18). The clock is Mon 23 Nov 2026, 15:00 in New York.
 */
const NOW = new Date("2026-11-23T20:00:00Z");
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let second: Awaited<ReturnType<typeof addPerson>>;
const ids: Record<string, string> = {};

type Item = {
  grievanceId: string;
  kind: string;
  step: { name: string };
  dueDate: string;
  daysLeft: number;
  assignee: { id: string; name: string } | null;
  grievantQuiet: boolean;
};

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  org = await createOrganization(t, "Board Local");
  other = await createOrganization(t, "Other Local");
  second = await addPerson(t, org.id, "steward", { name: "Second Steward" });
  // overdue (mine), today (second's), week (unassigned), later (mine), resolved (mine)
  const plan: [string, string, string | null][] = [
    ["overdue", "2026-11-20", org.steward.id],
    ["today", "2026-11-23", second.id],
    ["week", "2026-11-26", null],
    ["later", "2026-12-15", org.steward.id],
    ["resolved", "2026-11-24", org.steward.id],
  ];
  for (const [name, due, assignee] of plan) {
    const g = await fileGrievance(org.member.client, { subject: `Case ${name}` });
    ids[name] = g.id;
    await setDueDate(t, org.id, g.id, due);
    if (assignee) await assign(org.admin.client, g.id, assignee);
  }
  await org.admin.client.post(`/api/grievances/${ids.resolved}/close`, {
    outcome: "settled",
    reason: "The grievant agreed after we talked it through.",
    summary: "Settled",
  });
  const elsewhere = await fileGrievance(other.member.client, { subject: "Other local's case" });
  await assign(other.admin.client, elsewhere.id, other.steward.id);
});
afterAll(() => t.close());

const board = async (query: string, client = org.steward.client) => {
  const res = await client.get(`/api/deadlines?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; nextCursor: string | null; total: number };
};

describe("the board", () => {
  it("lists running deadlines of open grievances, soonest first, with days left", async () => {
    const all = await board("due=all");
    expect(all.items.map((i) => i.grievanceId)).toEqual([
      ids.overdue,
      ids.today,
      ids.week,
      ids.later,
    ]);
    expect(all.total).toBe(4);
    expect(all.items.map((i) => i.daysLeft)).toEqual([-3, 0, 3, 22]);
    expect(all.items[0]).toMatchObject({
      kind: "response",
      step: { name: "Step 1" },
      dueDate: "2026-11-20",
      assignee: { id: org.steward.id, name: "Board Local Steward" },
      subject: "Case overdue",
      state: "open",
    });
  });

  it("filters by group and by assignee", async () => {
    const only = async (q: string) => (await board(q)).items.map((i) => i.grievanceId);
    expect(await only("due=overdue")).toEqual([ids.overdue]);
    expect(await only("due=today")).toEqual([ids.today]);
    expect(await only("due=week")).toEqual([ids.week]);
    expect(await only("assignee=me")).toEqual([ids.overdue, ids.later]);
    expect(await only(`assignee=${second.id}`)).toEqual([ids.today]);
    expect(await only("assignee=unassigned")).toEqual([ids.week]);
    expect(await only("assignee=me&due=overdue")).toEqual([ids.overdue]);
  });

  it("pages by (due date, id) with the whole total on every page", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await board(`limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(4);
      seen.push(...page.items.map((i) => i.grievanceId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids.overdue, ids.today, ids.week, ids.later]);
    const bad = await org.steward.client.get("/api/deadlines?cursor=bm90LWEtY3Vyc29y");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    expect((await org.steward.client.get("/api/deadlines?due=soon")).statusCode).toBe(400);
  });

  it("is for stewards and admins only, and never shows another local's", async () => {
    expect((await org.member.client.get("/api/deadlines")).statusCode).toBe(403);
    expect((await board("", org.admin.client)).total).toBe(4);
    const theirs = await board(`assignee=${other.steward.id}`);
    expect(theirs).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await board("", other.steward.client)).items.map((i) => i.grievanceId)).toEqual([
      expect.stringMatching(/^G-2026-/),
    ]);
  });

  it("flags a grievant who has heard nothing for 14 days, and the detail says when they last did", async () => {
    const quietSince = new Date("2026-11-08T12:00:00Z");
    await withTenant(t.db, org.id, (trx) =>
      trx
        .updateTable("grievances")
        .set({ grievantUpdatedAt: quietSince })
        .where("organizationId", "=", org.id)
        .where("id", "=", ids.later ?? "")
        .execute(),
    );
    const items = (await board("")).items;
    expect(items.find((i) => i.grievanceId === ids.later)?.grievantQuiet).toBe(true);
    expect(items.find((i) => i.grievanceId === ids.week)?.grievantQuiet).toBe(false);
    const detail = (await org.steward.client.get(`/api/grievances/${ids.later}`)).json();
    expect(detail.grievantLastUpdatedAt).toBe(quietSince.toISOString());
    // A comment the grievant sees counts as an update; an internal note does not.
    await org.steward.client.post(`/api/grievances/${ids.later}/comments`, {
      text: "Internal: check the roster",
      internal: true,
    });
    const afterNote = (await org.steward.client.get(`/api/grievances/${ids.later}`)).json();
    expect(afterNote.grievantLastUpdatedAt).toBe(quietSince.toISOString());
    await org.steward.client.post(`/api/grievances/${ids.later}/comments`, {
      text: "We met the supervisor today.",
    });
    const afterComment = (await org.steward.client.get(`/api/grievances/${ids.later}`)).json();
    expect(Date.parse(afterComment.grievantLastUpdatedAt)).toBeGreaterThan(quietSince.getTime());
    expect((await board("")).items.find((i) => i.grievanceId === ids.later)?.grievantQuiet).toBe(
      false,
    );
    // The grievant's own answer carries no such field.
    const own = (await org.member.client.get(`/api/grievances/${ids.later}`)).json();
    expect(own.grievantLastUpdatedAt).toBeNull();
  });
});

describe("the workload", () => {
  it("counts per steward and admin: open cases, overdue, due this week, oldest without change; and the unassigned", async () => {
    const res = await org.admin.client.get("/api/workload");
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json();
    const row = (id: string) =>
      w.stewards.find((s: { person: { id: string } }) => s.person.id === id);
    expect(row(org.steward.id)).toMatchObject({
      role: "steward",
      openCases: 2,
      overdue: 1,
      dueThisWeek: 0,
      oldestQuiet: { grievanceId: expect.any(String) },
    });
    expect(row(second.id)).toMatchObject({ openCases: 1, overdue: 0, dueThisWeek: 1 });
    expect(row(org.admin.id)).toMatchObject({ role: "admin", openCases: 0, oldestQuiet: null });
    expect(w.unassigned).toBe(1);
    expect((await org.steward.client.get("/api/workload")).statusCode).toBe(403);
    expect((await org.member.client.get("/api/workload")).statusCode).toBe(403);
  });
});

describe("the calendar feed", () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it("holds one all-day event per open deadline the steward answers for, read without a cookie", async () => {
    const created = await org.steward.client.post("/api/profile/calendar", {});
    expect(created.statusCode, created.body).toBe(201);
    const { url } = created.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.app.inject({ method: "GET", url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(res.body)).filter(
      (e): e is VEvent => e?.type === "VEVENT",
    );
    // Mine (overdue, later) and the unassigned one; not the second steward's, not the resolved.
    expect(events.map((e) => e.summary).sort()).toEqual(
      [ids.overdue, ids.week, ids.later].map((id) => `${id} Step 1: employer answer due`).sort(),
    );
    const later = events.find((e) => String(e.summary).startsWith(ids.later ?? ""));
    expect(later?.datetype).toBe("date");
    expect(later?.start.toISOString().slice(0, 10)).toBe("2026-12-15");
    expect(later?.description).toContain("Employer answer to Step 1");
    const link = later?.url as unknown as string | { val: string };
    expect(typeof link === "string" ? link : link.val).toBe(
      `http://localhost:3000/grievances/${ids.later}`,
    );
    // Never internal notes nor the member's details.
    for (const secret of ["Internal: check the roster", "M-3003", org.member.email, "seniority"])
      expect(res.body).not.toContain(secret);
    const status = (await org.steward.client.get("/api/profile/calendar")).json();
    expect(status).toMatchObject({ active: true, scope: "mine" });
  });

  it("gives an admin the whole local's deadlines on request, never a steward", async () => {
    expect(
      (await org.steward.client.post("/api/profile/calendar", { scope: "all" })).statusCode,
    ).toBe(403);
    const { url } = (await org.admin.client.post("/api/profile/calendar", { scope: "all" })).json();
    const body = (await t.app.inject({ method: "GET", url: feedPath(url) })).body;
    const events = Object.values(ical.sync.parseICS(body)).filter((e) => e?.type === "VEVENT");
    expect(events).toHaveLength(4);
    expect(body).not.toContain("Other local");
  });

  it("answers 404 once revoked or replaced, and for a made-up token", async () => {
    const first = (await org.steward.client.post("/api/profile/calendar", {})).json().url;
    const replaced = (await org.steward.client.post("/api/profile/calendar", {})).json().url;
    expect((await t.app.inject({ method: "GET", url: feedPath(first) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: feedPath(replaced) })).statusCode).toBe(200);
    expect((await org.steward.client.request("DELETE", "/api/profile/calendar")).statusCode).toBe(
      204,
    );
    const revoked = await t.app.inject({ method: "GET", url: feedPath(replaced) });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error.code).toBe("NOT_FOUND");
    expect((await org.steward.client.get("/api/profile/calendar")).json().active).toBe(false);
    const made = `/api/calendar/${"A".repeat(43)}.ics`;
    expect((await t.app.inject({ method: "GET", url: made })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/calendar/short.ics" })).statusCode).toBe(
      404,
    );
  });

  it("stops working when its owner is no longer a steward there", async () => {
    const { url } = (await second.client.post("/api/profile/calendar", {})).json();
    expect((await t.app.inject({ method: "GET", url: feedPath(url) })).statusCode).toBe(200);
    await org.admin.client.request("PATCH", `/api/members/${second.id}`, { role: "member" });
    expect((await t.app.inject({ method: "GET", url: feedPath(url) })).statusCode).toBe(404);
    expect((await org.member.client.post("/api/profile/calendar", {})).statusCode).toBe(403);
  });
});

describe("reminder settings", () => {
  it("turns the 3-day and 1-day reminders off and on", async () => {
    const c = org.steward.client;
    expect((await c.get("/api/profile/reminders")).json()).toEqual({
      threeDays: true,
      oneDay: true,
    });
    const put = await c.request("PUT", "/api/profile/reminders", {
      threeDays: false,
      oneDay: true,
    });
    expect(put.statusCode).toBe(200);
    expect((await c.get("/api/profile/reminders")).json()).toEqual({
      threeDays: false,
      oneDay: true,
    });
    const bad = await c.request("PUT", "/api/profile/reminders", { threeDays: "no" });
    expect(bad.statusCode).toBe(400);
  });
});
