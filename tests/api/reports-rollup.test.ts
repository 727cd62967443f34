import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../src/server/db/tenant.ts";
import { outcomeStats } from "../../src/server/modules/grievances/index.ts";
import { grievanceReport } from "../../src/server/modules/reports/grievance-report.ts";
import type { DayRange } from "../../src/server/modules/reports/range.ts";
import { reportSummary } from "../../src/server/modules/reports/summary.ts";
import { REPORT_GROUPS } from "../../src/shared/schemas/reports.ts";
import { grievanceReportRaw, reportSummaryRaw } from "../support/reports-reference.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The roll-ups (migration 0080) against the reference read from the grievances
 * (tests/support/reports-reference.ts), on random grievances written by many kinds of statement:
 * filings one by one and in bulk, closings, reopenings, merges, status and step changes,
 * edits of the grouped columns, deletions, a change of time zone, filings near midnight.
 */
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let owner: pg.Client;

/** Random grievances of an organization, filed between 2025-01-01 and 2026-12-31 (UTC). */
async function insertRandom(organizationId: string, submittedBy: string, from: number, to: number) {
  await owner.query(
    `INSERT INTO grievances (organization_id, id, submitted_by, name, badge_number, job_title,
                             department, location, description, remedy, status, filed_at, articles,
                             step_index, step_name)
     SELECT $1::uuid, 'R-' || n, $2, 'Name ' || n, 'B-' || n,
            (ARRAY['Machine Operator','Manager','Clerk'])[1 + floor(random() * 3)::int],
            (ARRAY['Manufacturing','Sales','IT','Shipping'])[1 + floor(random() * 4)::int],
            (ARRAY['Main Office','North Plant'])[1 + floor(random() * 2)::int],
            'Something happened ' || n, 'Fix it.',
            (ARRAY['new','pending','escalated'])[1 + floor(random() * 3)::int],
            -- Near midnight in New York, Kolkata and UTC half the time: the day depends on the zone.
            CASE WHEN random() < 0.5
                 THEN timestamptz '2025-01-01' + floor(random() * 730) * interval '1 day'
                      + (ARRAY[interval '3 hours 55 minutes', interval '4 hours 5 minutes',
                               interval '18 hours 25 minutes', interval '18 hours 35 minutes',
                               interval '23 hours 59 minutes', interval '5 minutes'])[1 + floor(random() * 6)::int]
                 ELSE timestamptz '2025-01-01' + random() * interval '730 days' END,
            CASE floor(random() * 5)::int
              WHEN 0 THEN '{}'::text[]
              WHEN 1 THEN ARRAY['Art. 12.3 Overtime']
              WHEN 2 THEN ARRAY['ARTICLE 12.3  overtime', 'Art 7 Seniority']
              WHEN 3 THEN ARRAY['Art. 7 Seniority', 'art. 7 seniority']
              ELSE ARRAY['§ 4 Leave', 'Article 4 leave'] END,
            0, 'Step 1'
     FROM generate_series($3::int, $4::int) AS n`,
    [organizationId, submittedBy, from, to],
  );
}

const OUTCOMES = `(ARRAY['granted','settled','withdrawn','denied','arbitration_won','arbitration_lost',
                          NULL])[1 + floor(random() * 7)::int]`;

/** Closes some open grievances 0 to 120 days after filing (a few the same day). */
async function closeSome(organizationId: string, share: number) {
  await owner.query(
    `UPDATE grievances SET status = 'resolved', outcome = ${OUTCOMES},
            closed_on = (filed_at AT TIME ZONE 'America/New_York')::date + floor(random() * 120)::int,
            remedy_amount_cents = CASE WHEN random() < 0.3 THEN 1000 + floor(random() * 90000)::int END,
            remedy_received_at = CASE WHEN random() < 0.5 THEN now() END
     WHERE organization_id = $1 AND status <> 'resolved' AND random() < $2`,
    [organizationId, share],
  );
  // A money remedy needs no receipt without an amount.
  await owner.query(
    `UPDATE grievances SET remedy_received_at = NULL
     WHERE organization_id = $1 AND remedy_amount_cents IS NULL AND remedy_received_at IS NOT NULL`,
    [organizationId],
  );
}

async function scramble(organizationId: string, submittedBy: string, ids: number) {
  const q = (text: string) => owner.query(text, [organizationId]);
  await closeSome(organizationId, 0.5);
  // Reopenings: open again, outcome and closing day gone.
  await q(`UPDATE grievances SET status = 'pending', outcome = NULL, merged_into = NULL, closed_on = NULL,
                  remedy_amount_cents = NULL, remedy_received_at = NULL
           WHERE organization_id = $1 AND status = 'resolved' AND random() < 0.2`);
  // Resolved without a closing day, and closed days while still open (odd data counts too).
  await q(`UPDATE grievances SET status = 'resolved'
           WHERE organization_id = $1 AND status <> 'resolved' AND random() < 0.05`);
  // Appeals, and edits of the grouped columns.
  await q(`UPDATE grievances SET status = 'escalated', step_index = step_index + 1,
                  step_name = 'Step ' || (step_index + 2)
           WHERE organization_id = $1 AND status <> 'resolved' AND random() < 0.3`);
  await q(`UPDATE grievances SET department = 'Quality', articles = ARRAY['Art. 12.3 overtime']
           WHERE organization_id = $1 AND random() < 0.05`);
  await q(`UPDATE grievances SET filed_at = filed_at - interval '40 days'
           WHERE organization_id = $1 AND random() < 0.05`);
  // Merges: each original closes as merged into a group grievance.
  await q(`UPDATE grievances SET status = 'resolved', outcome = 'merged', merged_into = 'R-1',
                  closed_on = (filed_at AT TIME ZONE 'America/New_York')::date + 3,
                  remedy_amount_cents = NULL, remedy_received_at = NULL
           WHERE organization_id = $1 AND status <> 'resolved' AND id <> 'R-1' AND random() < 0.1`);
  // A statement that changes nothing the reports read.
  await q(`UPDATE grievances SET updated_at = now() WHERE organization_id = $1`);
  // Deletions, in bulk and one by one.
  await q(`DELETE FROM grievances WHERE organization_id = $1 AND random() < 0.05`);
  for (let i = 0; i < 5; i++)
    await q(`DELETE FROM grievances WHERE organization_id = $1
             AND id = (SELECT id FROM grievances WHERE organization_id = $1 ORDER BY random() LIMIT 1)`);
  // Filings one by one, and more closings.
  for (let n = ids; n < ids + 10; n++) await insertRandom(organizationId, submittedBy, n, n);
  await closeSome(organizationId, 0.3);
}

const RANGES: [string, string][] = [
  ["2025-01-01", "2026-12-31"],
  ["2025-11-01", "2026-10-31"],
  ["2025-03-17", "2026-03-16"],
  ["2025-06-30", "2025-07-01"],
  ["2026-02-01", "2026-02-28"],
  ["2026-02-02", "2026-02-27"],
  ["2025-12-15", "2026-01-14"],
  ["2026-01-31", "2026-03-01"],
  ["2024-06-01", "2025-02-10"],
];

async function compareAll(organizationId: string, timeZone: string) {
  for (const [from, to] of RANGES) {
    const range: DayRange = { from, to, timeZone };
    await withTenant(t.db, organizationId, async (trx) => {
      for (const groupBy of REPORT_GROUPS) {
        const [rollup, raw] = [
          await grievanceReport(trx, organizationId, groupBy, range),
          await grievanceReportRaw(trx, organizationId, groupBy, range),
        ];
        expect(rollup, `${groupBy} ${from}..${to} ${timeZone}`).toEqual(raw);
      }
      expect(await reportSummary(trx, organizationId, range)).toEqual(
        await reportSummaryRaw(trx, organizationId, range),
      );
    });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrganization(t, "Rollup Local");
  other = await createOrganization(t, "Rollup Other");
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
  await owner.query("SELECT setseed(0.21)");
  await insertRandom(org.id, org.member.id, 1, 1500);
  await insertRandom(other.id, other.member.id, 1, 300);
  await closeSome(other.id, 0.5);
}, 120_000);
afterAll(async () => {
  await owner?.end();
  await t.close();
});

describe("report roll-ups", () => {
  it("answer as the grievances do after every kind of change", async () => {
    await scramble(org.id, org.member.id, 5000);
    const { rows } = await owner.query(
      `SELECT count(*) FILTER (WHERE status = 'resolved') AS resolved,
              count(*) FILTER (WHERE outcome = 'merged') AS merged
       FROM grievances WHERE organization_id = $1`,
      [org.id],
    );
    expect(Number(rows[0].resolved)).toBeGreaterThan(300);
    expect(Number(rows[0].merged)).toBeGreaterThan(10);
    await compareAll(org.id, "America/New_York");
    await compareAll(other.id, "America/New_York");
  }, 120_000);

  it("are rebuilt in the organization's new time zone", async () => {
    await owner.query(
      "UPDATE grievance_procedures SET time_zone = 'Asia/Kolkata' WHERE organization_id = $1",
      [org.id],
    );
    await scramble(org.id, org.member.id, 6000);
    await compareAll(org.id, "Asia/Kolkata");
    await compareAll(other.id, "America/New_York");
  }, 120_000);

  it("are rebuilt from scratch to the same rows they were kept at", async () => {
    const snapshot = `SELECT dim, measure, grain, bucket::text, value, label, sort, state, days, n,
                             awarded, recovered
                      FROM grievance_report_rollups WHERE organization_id = $1 AND n <> 0
                      ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9`;
    const kept = (await owner.query(snapshot, [org.id])).rows;
    await owner.query("SELECT grievance_report_rebuild($1)", [org.id]);
    expect((await owner.query(snapshot, [org.id])).rows).toEqual(kept);
  });
});

describe("report roll-ups and row-level security", () => {
  it("show the application role only its organization's rows, even without a filter", async () => {
    const client = new pg.Client({ connectionString: t.appDatabaseUrl });
    await client.connect();
    try {
      const none = await client.query("SELECT count(*)::int AS n FROM grievance_report_rollups");
      expect(none.rows[0].n).toBe(0);
      await client.query("BEGIN");
      await client.query("SELECT set_config('app.organization_id', $1, true)", [other.id]);
      const seen = await client.query(
        "SELECT array_agg(DISTINCT organization_id) AS orgs, count(*)::int AS n FROM grievance_report_rollups",
      );
      expect(seen.rows[0].orgs).toEqual([other.id]);
      expect(seen.rows[0].n).toBeGreaterThan(0);
      // Nor can it write them, for itself or anyone else.
      await expect(client.query("UPDATE grievance_report_rollups SET n = n + 1")).rejects.toThrow(
        /permission denied/,
      );
      await client.query("ROLLBACK");
      for (const reset of ["SET ROLE NONE", "RESET ROLE"]) {
        await client.query(reset);
        const after = await client.query(
          "SELECT count(*)::int AS n FROM grievance_report_rollups WHERE organization_id = $1",
          [org.id],
        );
        expect(after.rows[0].n, reset).toBe(0);
      }
      await expect(client.query("SELECT grievance_report_rebuild($1)", [org.id])).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await client.end();
    }
    // The owner sees both organizations' rows: the zero above is row-level security.
    const { rows } = await owner.query(
      "SELECT count(DISTINCT organization_id)::int AS n FROM grievance_report_rollups WHERE organization_id = ANY($1)",
      [[org.id, other.id]],
    );
    expect(rows[0].n).toBe(2);
  });

  it("give the dashboard's year (won or settled, back pay recovered) as the grievances do", async () => {
    for (const today of ["2025-06-15", "2026-02-01", "2026-12-31"]) {
      const year = today.slice(0, 4);
      const { rows } = await owner.query(
        `SELECT count(*) FILTER (WHERE outcome IN ('granted', 'settled', 'arbitration_won'))::int AS won,
                coalesce(sum(remedy_amount_cents) FILTER (WHERE remedy_received_at IS NOT NULL), 0)::int AS back
         FROM grievances WHERE organization_id = $1 AND outcome IS NOT NULL
           AND closed_on >= ($2 || '-01-01')::date AND closed_on < ($2::int + 1 || '-01-01')::date`,
        [org.id, year],
      );
      expect(rows[0].won, today).toBeGreaterThan(0);
      expect(rows[0].back, today).toBeGreaterThan(0);
      const got = await withTenant(t.db, org.id, (trx) => outcomeStats(trx, org.id, today));
      expect(got, today).toMatchObject({ wonOrSettled: rows[0].won, backPayCents: rows[0].back });
    }
  });
});
