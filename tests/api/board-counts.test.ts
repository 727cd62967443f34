import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import type { TBoardPage, TWorkload } from "../../src/shared/schemas/deadlines.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { assign, fileGrievance } from "../support/deadlines.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";

/**
 * The board's and the workload's kept counts (migration 0110) against a count from scratch
 * after every kind of write a grievance meets: filing, assigning and reassigning, the
 * employer's answer, an appeal, an extension, a hold and its resumption, closing, reopening,
 * the missed-deadline job, a steward removed from the system (assignee set to null), bulk
 * statements and deletions, in two organizations. Then the board's totals against its own
 * pages and the workload against the grievances.
 */
const clock = officeClock();
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let owner: pg.Client;
let second: { id: string; client: TestClient };

/** The kept rows without zeros, and the same counted from the deadlines and grievances. */
async function keptAndCounted() {
  const q = (text: string) => owner.query(text).then((r) => r.rows);
  return {
    running: {
      kept: await q(`SELECT organization_id, assignee_id, due_date::text, state, n::int
                     FROM deadline_running_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`),
      counted: await q(`SELECT d.organization_id, coalesce(g.assignee_id, '') AS assignee_id,
                               d.due_date::text, d.state, count(*)::int AS n
                        FROM grievance_deadlines d
                        JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
                        WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
                          AND (g.status <> 'resolved' OR d.kind = 'remedy')
                        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    },
    open: {
      kept: await q(`SELECT organization_id, assignee_id, n::int FROM grievance_open_counts
                     WHERE n <> 0 ORDER BY 1, 2`),
      counted: await q(`SELECT organization_id, coalesce(assignee_id, '') AS assignee_id,
                               count(*)::int AS n
                        FROM grievances WHERE status <> 'resolved' GROUP BY 1, 2 ORDER BY 1, 2`),
    },
    zeros: await q("SELECT count(*)::int AS n FROM deadline_running_counts WHERE n = 0"),
  };
}

async function expectExact(step: string) {
  const { running, open, zeros } = await keptAndCounted();
  expect(running.kept, step).toEqual(running.counted);
  expect(open.kept, step).toEqual(open.counted);
  // Rows that fall to 0 are removed, so the board never reads years of empty days.
  expect(zeros, step).toEqual([{ n: 0 }]);
}

async function act(client: TestClient, id: string, action: string, body: unknown = {}) {
  const res = await client.post(`/api/grievances/${id}/${action}`, body);
  if (res.statusCode !== 200) throw new Error(`${action}: ${res.body}`);
  return res.json() as TGrievance;
}

const runningOf = (g: TGrievance) => g.deadlines.find((d) => d.closedOn === null);

/** Every item of a board filter, page by page. */
async function allPages(client: TestClient, query: string) {
  const ids: string[] = [];
  let totals = new Set<number>();
  let cursor: string | null = null;
  do {
    const res = await client.get(
      `/api/deadlines?${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TBoardPage;
    ids.push(...page.items.map((i) => `${i.grievanceId}:${i.dueDate}`));
    totals = new Set([...totals, page.total]);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, totals: [...totals] };
}

beforeAll(async () => {
  t = await startTestApp({ now: clock.now });
  org = await createOrganization(t, "Counts Local");
  other = await createOrganization(t, "Counts Other");
  second = await addPerson(t, org.id, "steward", { name: "Second Steward" });
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
}, 120_000);
afterAll(async () => {
  await owner.end();
  await t.close();
});

describe("the board's and the workload's kept counts (migration 0110)", () => {
  it("stay equal to a count from scratch through every kind of write", async () => {
    const s = org.steward.client;
    clock.setDay("2026-11-02");
    const g: TGrievance[] = [];
    for (let i = 0; i < 8; i++)
      g.push((await fileGrievance(org.member.client)) as unknown as TGrievance);
    await fileGrievance(other.member.client);
    await expectExact("filed");

    const [a, b, c, d, e, f, h, k] = g.map((x) => x.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await assign(s, a, org.steward.id);
    await assign(s, b, org.steward.id);
    await assign(s, c, second.id);
    await assign(s, d, org.admin.id);
    await expectExact("assigned");
    await assign(s, b, second.id);
    await expectExact("reassigned");

    clock.setDay("2026-11-05");
    await act(s, a, "response", { receivedOn: "2026-11-04", decision: "denied" });
    await expectExact("answered");
    await act(s, c, "appeal");
    await expectExact("appealed");
    const running = runningOf(await act(s, d, "status", { status: "pending" }));
    if (!running) throw new Error("no running deadline");
    await act(s, d, "extensions", {
      deadlineId: running.id,
      newDueDate: "2026-12-04",
      agreedWith: "Pat Kim, HR",
    });
    await expectExact("extended");
    await act(s, e, "hold", { reason: "Waiting for the audit" });
    await expectExact("held");
    clock.setDay("2026-11-09");
    await act(s, e, "resume");
    await expectExact("resumed");
    await act(s, f, "close", { outcome: "granted", summary: "Granted." });
    await expectExact("closed");
    await act(s, f, "reopen", { reason: "The employer did not pay." });
    await expectExact("reopened");
    await act(s, h, "close", {
      outcome: "withdrawn",
      reason: "The grievant agreed after we talked it through.",
      summary: "Withdrawn.",
    });
    await expectExact("closed while its deadline ran (closed, neither met nor missed)");
    // A money remedy's payment date stays on the board after closing (issue 30, 0162).
    await act(s, f, "close", {
      outcome: "settled",
      reason: "The grievant agreed after we talked it through.",
      summary: "Settled.",
      remedy: { amountCents: 20_000, dueDate: "2026-11-20", description: "Back pay" },
    });
    await expectExact("closed with a money remedy");
    await act(s, a, "close", {
      outcome: "settled",
      reason: "The grievant agreed after we talked it through.",
      summary: "Settled.",
      remedy: { amountCents: 10_000, dueDate: "2026-11-27", description: "Back pay" },
    });
    await act(s, a, "remedy/received");
    await expectExact("a remedy confirmed");
    await act(s, a, "reopen", { reason: "Paid short." });
    await expectExact("reopened after a remedy");

    // The missed-deadline job, then a missed deadline's grievance reassigned and closed.
    const due = await missedCandidates();
    expect(due).toBeGreaterThan(2);
    expect(await markMissedDeadlines(t.db, APP_URL, new Date("2026-12-20T15:00:00Z"))).toBe(due);
    await expectExact("missed");
    clock.setDay("2026-12-21");
    await assign(s, k, second.id);
    await expectExact("missed, reassigned");
    await act(s, b, "close", { outcome: "denied", summary: "Denied.", reason: "No case." });
    await expectExact("missed, closed");

    // What no route does but the database allows: bulk statements, deletions, a steward's
    // account deleted (grievances.assignee_id ON DELETE SET NULL), an update that changes
    // nothing counted.
    const mine = `organization_id = '${org.id}'`;
    const changes = [
      `UPDATE grievances SET status = 'resolved' WHERE ${mine} AND id IN ('${c}', '${d}')`,
      `UPDATE grievances SET status = 'pending' WHERE ${mine} AND id IN ('${c}', '${d}')`,
      `UPDATE grievances SET assignee_id = NULL WHERE organization_id = '${org.id}'
         AND assignee_id = '${org.steward.id}'`,
      `UPDATE grievance_deadlines SET due_date = due_date + 1
         WHERE organization_id = '${org.id}'`,
      `UPDATE grievances SET subject = subject || '.'`,
      `DELETE FROM grievance_deadlines WHERE ${mine} AND grievance_id = '${a}' AND closed_on IS NULL`,
      `DELETE FROM grievances WHERE ${mine} AND id = '${c}'`,
      `DELETE FROM users WHERE id = '${second.id}'`,
    ];
    for (const change of changes) {
      await owner.query(change);
      await expectExact(change);
    }
    await owner.query(`DELETE FROM grievances WHERE organization_id = '${other.id}'`);
    await expectExact("another organization's grievances deleted");
  });

  it("give the board's totals and the workload the grievances' own numbers", async () => {
    clock.setDay("2026-11-23");
    for (let i = 0; i < 5; i++) {
      const filed = await fileGrievance(org.member.client);
      if (i % 2) await assign(org.steward.client, filed.id, org.steward.id);
    }
    await expectExact("more filed");
    const a = org.admin.client;
    for (const query of ["due=all", "due=overdue", "due=today", "due=week"]) {
      for (const who of ["", "&assignee=me", "&assignee=unassigned"]) {
        const client = who === "&assignee=me" ? org.steward.client : a;
        const { ids, totals } = await allPages(client, `${query}${who}`);
        expect(totals, `${query}${who}`).toEqual([ids.length]);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
    const all = await allPages(a, "due=all");
    expect(all.ids.length).toBeGreaterThan(4);

    const res = await a.get("/api/workload");
    expect(res.statusCode).toBe(200);
    const work = res.json() as TWorkload;
    const today = "2026-11-23";
    const { rows } = await owner.query(
      `SELECT coalesce(g.assignee_id, '') AS who,
              count(DISTINCT g.id) FILTER (WHERE g.status <> 'resolved')::int AS open,
              count(d.id) FILTER (WHERE d.due_date < $2)::int AS overdue,
              count(d.id) FILTER (WHERE d.state = 'open' AND d.due_date BETWEEN $2 AND $2::date + 6)::int AS week
       FROM grievances g
       LEFT JOIN grievance_deadlines d ON d.organization_id = g.organization_id
         AND d.grievance_id = g.id AND d.state IN ('open', 'missed') AND d.closed_on IS NULL
         AND g.status <> 'resolved'
       WHERE g.organization_id = $1 GROUP BY 1`,
      [org.id, today],
    );
    const by = new Map(rows.map((r) => [r.who as string, r]));
    expect(work.unassigned).toBe(by.get("")?.open ?? 0);
    const steward = work.stewards.find((x) => x.person.id === org.steward.id);
    expect(steward).toMatchObject({
      openCases: by.get(org.steward.id)?.open,
      overdue: by.get(org.steward.id)?.overdue,
      dueThisWeek: by.get(org.steward.id)?.week,
    });
    expect(steward?.openCases).toBeGreaterThan(0);
  });
});

describe("the kept counts' access", () => {
  it("are read-only to the application's role and show each organization only its own", async () => {
    await expect(
      withTenant(t.db, org.id, (trx) =>
        trx
          .updateTable("deadlineRunningCounts")
          .set({ n: "1000" })
          .where("organizationId", "=", org.id)
          .execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenant(t.db, org.id, (trx) =>
        trx
          .insertInto("grievanceOpenCounts")
          .values({ organizationId: org.id, assigneeId: "", n: "5" })
          .execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    const seen = await withTenant(t.db, other.id, async (trx) => [
      ...(await trx.selectFrom("deadlineRunningCounts").select("organizationId").execute()),
      ...(await trx.selectFrom("grievanceOpenCounts").select("organizationId").execute()),
    ]);
    expect(seen.every((r) => r.organizationId === other.id)).toBe(true);
    const ours = await withTenant(t.db, org.id, (trx) =>
      trx.selectFrom("grievanceOpenCounts").select("organizationId").execute(),
    );
    expect(ours.length).toBeGreaterThan(0);
  });
});

describe("an organization deleted", () => {
  it("takes its kept counts and saved radar with it", async () => {
    const gone = await createOrganization(t, "Counts Gone");
    const filed = await fileGrievance(gone.member.client);
    await assign(gone.steward.client, filed.id, gone.steward.id);
    await fileGrievance(gone.member.client);
    expect((await gone.steward.client.get("/api/insights")).statusCode).toBe(200);
    const left = async () =>
      (
        await owner.query(
          `SELECT (SELECT count(*) FROM deadline_running_counts WHERE organization_id = $1)
                + (SELECT count(*) FROM grievance_open_counts WHERE organization_id = $1)
                + (SELECT count(*) FROM insight_radar WHERE organization_id = $1) AS n`,
          [gone.id],
        )
      ).rows[0].n;
    expect(Number(await left())).toBeGreaterThan(2);
    await owner.query("DELETE FROM organizations WHERE id = $1", [gone.id]);
    expect(Number(await left())).toBe(0);
    await expectExact("an organization deleted");
  });
});

/** Open deadlines due before 20 December: what the job will mark missed. */
async function missedCandidates(): Promise<number> {
  const { rows } = await owner.query(
    `SELECT count(*)::int AS n FROM grievance_deadlines
     WHERE state = 'open' AND due_date < date '2026-12-20'`,
  );
  return rows[0].n;
}
