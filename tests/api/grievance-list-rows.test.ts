import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BoundQuery } from "../../src/server/db/bound-statements.ts";
import { encodeCursor } from "../../src/server/lib/pagination.ts";
import type { TGrievance, TGrievanceSummary } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * Every row of the tracker says what the grievance's own page says: its assignee, running
 * deadline (with the organization's today), grievant count and step, in every order, page
 * size, filter and view. The list reads a page and its decorations in one statement; this
 * holds it to the detail, which reads them one by one.
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let second: { id: string; client: TestClient };

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Rows Local");
  other = await createOrganization(t, "Other Rows Local");
  second = await addPerson(t, org.id, "member", { name: "Second Grievant" });
  await seed();
});
afterAll(() => t.close());

const filing = (subject: string, overrides: Record<string, unknown> = {}) =>
  grievanceBody({
    name: `${subject} Worker`,
    description: `${subject}: overtime was given out of seniority order twice this month.`,
    ...overrides,
  });

async function file(client: TestClient, subject: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", filing(subject, overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

async function act(id: string, action: string, body: unknown) {
  const res = await org.steward.client.post(`/api/grievances/${id}/${action}`, body);
  if (res.statusCode !== 200) throw new Error(`${action}: ${res.body}`);
}

/** Grievances of every kind, filed over several days so the deadlines differ. */
async function seed() {
  setDay("2026-11-02");
  const assigned = await file(org.member.client, "Assigned");
  await act(assigned.id, "assign", { userId: org.steward.id });
  setDay("2026-11-05");
  await file(org.steward.client, "Group", {
    type: "group",
    grievantIds: [org.member.id, second.id],
  });
  await file(org.steward.client, "Policy", { type: "policy" });
  setDay("2026-11-10");
  const held = await file(second.client, "Held");
  await act(held.id, "hold", { reason: "Waiting for the audit" });
  const resolved = await file(org.member.client, "Resolved");
  await act(resolved.id, "close", {
    outcome: "withdrawn",
    reason: "The grievant agreed after we talked it through.",
    summary: "Withdrawn.",
  });
  setDay("2026-11-16");
  const both = await file(org.steward.client, "Assigned group", {
    type: "group",
    grievantIds: [second.id],
  });
  await org.steward.client.post(`/api/grievances/${both.id}/assign`, { userId: org.admin.id });
  await file(org.member.client, "Plain");
  await file(other.member.client, "Elsewhere");
}

/** The summary's fields of the grievance's own page. */
async function detailOf(client: TestClient, id: string): Promise<TGrievanceSummary> {
  const d = (await client.get(`/api/grievances/${id}`)).json() as TGrievance;
  return {
    id: d.id,
    name: d.name,
    badgeNumber: d.badgeNumber,
    jobTitle: d.jobTitle,
    department: d.department,
    location: d.location,
    status: d.status,
    filedDate: d.filedDate,
    subject: d.subject,
    step: d.step,
    assignee: d.assignee,
    nextDeadline: d.nextDeadline,
    heldSince: d.heldSince,
    type: d.type,
    grievantCount: d.grievantCount,
  };
}

/** Every row of a list, page by page. */
async function walk(client: TestClient, query: string, limit: number) {
  const rows: TGrievanceSummary[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const q: string = `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await client.get(`/api/grievances?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      items: TGrievanceSummary[];
      nextCursor: string | null;
      total: number;
    };
    if (total === -1) total = body.total;
    expect(body.total).toBe(total);
    rows.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return { rows, total };
}

const SORTS = ["filed", "deadline", "subject", "status", "id"] as const;

describe("the tracker's rows", () => {
  it("say what each grievance's page says, in every order and page size", async () => {
    for (const day of ["2026-11-16", "2026-12-09"]) {
      setDay(day);
      const ids = (await walk(org.steward.client, "sort=id", 100)).rows.map((r) => r.id);
      const pages = new Map<string, TGrievanceSummary>();
      for (const id of ids) pages.set(id, await detailOf(org.steward.client, id));
      for (const sort of SORTS) {
        for (const order of ["asc", "desc"]) {
          const full = await walk(org.steward.client, `sort=${sort}&order=${order}`, 100);
          expect(full.rows).toHaveLength(7);
          expect(full.total).toBe(7);
          for (const row of full.rows) {
            expect(row, `${day} ${sort} ${order}`).toEqual(pages.get(row.id));
          }
          const paged = await walk(org.steward.client, `sort=${sort}&order=${order}`, 3);
          expect(paged.rows).toEqual(full.rows);
        }
      }
    }
  });

  it("show the decorations the counts expect", async () => {
    setDay("2026-11-16");
    const { rows } = await walk(org.steward.client, "sort=filed", 100);
    const bySubject = (s: string) => rows.find((r) => r.subject.startsWith(s)) as TGrievanceSummary;
    expect(bySubject("Assigned:").assignee).toEqual({
      id: org.steward.id,
      name: expect.any(String),
    });
    expect(bySubject("Group:").grievantCount).toBe(2);
    expect(bySubject("Assigned group:")).toMatchObject({
      grievantCount: 1,
      assignee: { id: org.admin.id, name: "Rows Local Admin" },
    });
    expect(bySubject("Policy:").grievantCount).toBe(0);
    expect(bySubject("Plain:")).toMatchObject({ grievantCount: 1, assignee: null });
    expect(bySubject("Plain:").nextDeadline?.summary).toMatch(/^Waiting for the employer's answer/);
    expect(bySubject("Held:").nextDeadline?.state).toBe("paused");
    expect(bySubject("Resolved:").nextDeadline).toBeNull();
  });

  it("agree under filters, searches and a member's own view", async () => {
    setDay("2026-12-01");
    const views: [TestClient, string, number][] = [
      [org.steward.client, "status=new", 6],
      [org.steward.client, "type=group", 2],
      [org.steward.client, "due=overdue", 3],
      [org.steward.client, "due=week", 2],
      [org.steward.client, "assignee=me", 1],
      [org.steward.client, "q=manufact", 7],
      [org.steward.client, "q=group", 2],
      [org.steward.client, "q=group&sort=deadline", 2],
      [org.member.client, "sort=filed", 4],
      [org.member.client, "q=group", 1],
      [org.steward.client, "q=worker&type=group", 2],
      [org.member.client, "q=worker&type=individual", 3],
      [second.client, "sort=deadline", 3],
      [other.steward.client, "sort=filed", 1],
    ];
    for (const [client, query, count] of views) {
      const full = await walk(client, query, 100);
      expect(full.rows, query).toHaveLength(count);
      expect(full.total, query).toBe(count);
      for (const row of full.rows) expect(row, query).toEqual(await detailOf(client, row.id));
      expect((await walk(client, query, 2)).rows, query).toEqual(full.rows);
    }
  });

  it("an empty page past the end still counts what matches", async () => {
    const first = (await org.steward.client.get("/api/grievances?sort=id&limit=7")).json();
    expect(first).toMatchObject({ total: 7, nextCursor: null });
    const last = first.items.at(-1).id;
    const past = encodeCursor({ key: null, id: last });
    const res = await org.steward.client.get(`/api/grievances?sort=id&cursor=${past}`);
    expect(res.json()).toEqual({ items: [], nextCursor: null, total: 7, totalIsCapped: false });
  });
});

describe("what a page costs the database", () => {
  it("a steward's page is one statement bound to its organization, a search's two", async () => {
    // Each statement as sent: a tenant read's statements go each in one write with their
    // organization's binding (db/bound-statements.ts), with no `begin` or `commit` around them.
    const sent: { query: unknown; text: string }[] = [];
    const original = pg.Client.prototype.query;
    const spy = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      sent.push({ query: first, text: typeof first === "string" ? first : first.text });
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    const statementsOf = async (client: TestClient, query: string) => {
      sent.length = 0;
      pg.Client.prototype.query = spy as typeof original;
      try {
        expect((await client.get(`/api/grievances?${query}`)).statusCode).toBe(200);
      } finally {
        pg.Client.prototype.query = original;
      }
      expect(sent.filter(({ text }) => /^(begin|commit)\b/i.test(text))).toEqual([]);
      const bound = sent.filter(({ query }) => query instanceof BoundQuery);
      for (const { query } of bound) expect((query as BoundQuery).organizationId).toBe(org.id);
      return bound.length;
    };
    expect(await statementsOf(org.steward.client, "sort=filed")).toBe(1);
    expect(await statementsOf(org.steward.client, "status=new&sort=deadline")).toBe(1);
    expect(await statementsOf(org.member.client, "sort=filed")).toBe(1);
    expect(await statementsOf(org.steward.client, "q=group")).toBe(2);
    expect(await statementsOf(org.steward.client, "due=week")).toBe(2);
  });
});
