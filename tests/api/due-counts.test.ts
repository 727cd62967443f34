import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { dueCounts } from "../../src/server/modules/grievances/repo.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The counts per due day (migration 0085) against a count from scratch, after many kinds of
 * statement: bulk and single filings, deadlines set, moved and cleared in bulk and one by one,
 * deletions, another organization's changes; and the dashboard's two numbers against the
 * grievances themselves.
 */
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let owner: pg.Client;

async function insert(o: TestOrganization, from: number, to: number) {
  await owner.query(
    `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title, department,
                             location, description, remedy, status, step_index, step_name,
                             next_due_date)
     SELECT $1::uuid, $2 || n, $3, 'Name ' || n, 'B-' || n, 'Clerk', 'Sales', 'Main Office', 'Something',
            'Fix it.', 'pending', 0, 'Step 1',
            CASE WHEN random() < 0.3 THEN NULL
                 ELSE date '2026-11-24' + floor(random() * 60 - 30)::int END
     FROM generate_series($4::int, $5::int) AS n`,
    [o.id, `${o.id.slice(0, 4)}-`, o.member.id, from, to],
  );
}

/** The counts the triggers kept, and the same counted from the grievances, without zeros. */
async function keptAndCounted() {
  const kept = await owner.query(
    `SELECT organization_id, due_date::text, n::int FROM grievance_due_counts WHERE n <> 0
     ORDER BY 1, 2`,
  );
  const counted = await owner.query(
    `SELECT organization_id, next_due_date::text AS due_date, count(*)::int AS n FROM grievances
     WHERE next_due_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { kept: kept.rows, counted: counted.rows };
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Due Local");
  other = await createOrganization(t, "Due Other");
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
  await owner.query("SELECT setseed(0.37)");
}, 120_000);
afterAll(async () => {
  await owner.end();
  await t.close();
});

describe("grievances per due day (migration 0085)", () => {
  it("stay equal to a count from scratch through every kind of change", async () => {
    await insert(org, 1, 400);
    await insert(other, 1, 100);
    await insert(org, 401, 401);
    let { kept, counted } = await keptAndCounted();
    expect(counted.length).toBeGreaterThan(50);
    expect(kept).toEqual(counted);

    const changes = [
      // Deadlines moved in bulk, one moved alone, some cleared, some set.
      `UPDATE grievances SET next_due_date = next_due_date + 3 WHERE id LIKE '%-1%'`,
      `UPDATE grievances SET next_due_date = date '2026-11-24' WHERE id = (SELECT min(id) FROM grievances)`,
      `UPDATE grievances SET next_due_date = NULL WHERE random() < 0.2`,
      `UPDATE grievances SET next_due_date = date '2026-11-20' WHERE next_due_date IS NULL AND random() < 0.5`,
      // An update that leaves the date alone writes nothing.
      `UPDATE grievances SET status = 'escalated' WHERE random() < 0.3`,
      `DELETE FROM grievances WHERE random() < 0.1`,
      `DELETE FROM grievances WHERE id = (SELECT max(id) FROM grievances WHERE next_due_date IS NOT NULL)`,
    ];
    for (const change of changes) {
      await owner.query(change);
      ({ kept, counted } = await keptAndCounted());
      expect(kept, change).toEqual(counted);
    }
  });

  it("give the dashboard the numbers the grievances themselves give, for its organization only", async () => {
    const today = "2026-11-24";
    const { rows } = await owner.query(
      `SELECT count(*) FILTER (WHERE next_due_date < $2::date)::int AS overdue,
              count(*) FILTER (WHERE next_due_date BETWEEN $2::date AND $2::date + 6)::int AS week
       FROM grievances WHERE organization_id = $1`,
      [org.id, today],
    );
    const expected = { overdue: rows[0].overdue, dueThisWeek: rows[0].week };
    expect(expected.overdue).toBeGreaterThan(0);
    expect(expected.dueThisWeek).toBeGreaterThan(0);
    const got = await withTenant(t.db, org.id, (trx) => dueCounts(trx, org.id, today));
    expect(got).toEqual(expected);
    // Row-level security: asked inside another organization, the first one's counts are not there.
    const leaked = await withTenant(t.db, other.id, (trx) => dueCounts(trx, org.id, today));
    expect(leaked).toEqual({ overdue: 0, dueThisWeek: 0 });
  });

  it("give the list's total when it is filtered by due date only", async () => {
    const { rows } = await owner.query(
      `SELECT count(*) FILTER (WHERE next_due_date < d)::int AS overdue,
              count(*) FILTER (WHERE next_due_date BETWEEN d AND d + 6)::int AS week
       FROM grievances, (SELECT (now() AT TIME ZONE 'America/New_York')::date AS d) today
       WHERE organization_id = $1`,
      [org.id],
    );
    expect(rows[0].overdue).toBeGreaterThan(0);
    const total = async (query: string) => {
      const res = await org.admin.client.get(`/api/grievances?${query}&limit=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total;
    };
    expect(await total("due=overdue")).toBe(rows[0].overdue);
    expect(await total("due=week")).toBe(rows[0].week);
    // With another filter too, the matches are counted as before.
    const pending = await owner.query(
      `SELECT count(*)::int AS n FROM grievances WHERE organization_id = $1 AND status = 'pending'
         AND next_due_date < (now() AT TIME ZONE 'America/New_York')::date`,
      [org.id],
    );
    expect(await total("due=overdue&status=pending")).toBe(pending.rows[0].n);
  });

  it("are read-only to the application's role", async () => {
    await expect(
      withTenant(t.db, org.id, (trx) =>
        trx
          .insertInto("grievanceDueCounts")
          .values({ organizationId: org.id, dueDate: "2026-11-24", n: "5" })
          .execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
