import { type RawBuilder, sql } from "kysely";
import type { TenantTx } from "../../src/server/db/tenant.ts";
import { organizationCurrency } from "../../src/server/lib/tenancy/organization.ts";
import {
  type DayRange,
  daysToClose,
  deadlineResults,
  filedBetween,
  type GroupCounts,
  orderGroups,
  toGroup,
} from "../../src/server/modules/reports/range.ts";
import {
  type TReportGroup,
  type TReportGroupBy,
  type TReportSummary,
  winRate,
} from "../../src/shared/schemas/reports.ts";

/** The group key of a filed grievance and of a closed one, and the order of the groups. */
function keys(groupBy: Exclude<TReportGroupBy, "article">, timeZone: string) {
  const column = (c: string): [RawBuilder<unknown>, RawBuilder<unknown>] => [
    sql.ref(`g.${c}`),
    sql.ref(`g.${c}`),
  ];
  switch (groupBy) {
    case "month":
      return [
        sql`to_char(g.filed_at AT TIME ZONE ${timeZone}, 'YYYY-MM')`,
        sql`to_char(g.closed_on, 'YYYY-MM')`,
      ] as const;
    case "department":
      return column("department");
    case "location":
      return column("location");
    case "jobTitle":
      return column("job_title");
    case "step":
      return column("step_name");
    case "outcome": {
      const k = sql`CASE WHEN g.status = 'resolved' THEN coalesce(g.outcome, 'not_recorded') ELSE 'open' END`;
      return [k, k] as const;
    }
  }
}

interface Row extends GroupCounts {
  sort: number | null;
}

/**
 * The reference the roll-ups (grievance-report.ts) must always agree with, read straight from
 * the grievances (tests/api/reports-rollup.test.ts compares them on random data).
 * The grievances of a range grouped one way, in two index-only passes: those filed in the
 * range (filed, open) and those closed in it (closed, outcomes, the median days to close,
 * PostgreSQL's percentile_cont). Articles are grouped by their normalised key and shown as
 * most grievances spell them.
 */
export async function grievanceReportRaw(
  trx: TenantTx,
  organizationId: string,
  groupBy: TReportGroupBy,
  range: DayRange,
): Promise<TReportGroup[]> {
  const tz = range.timeZone;
  const closedIn = sql`g.closed_on >= ${range.from}::date AND g.closed_on <= ${range.to}::date`;
  const outcomes = sql`
    count(*) AS closed,
    count(*) FILTER (WHERE g.outcome IN ('granted', 'arbitration_won')) AS granted,
    count(*) FILTER (WHERE g.outcome = 'settled') AS settled,
    count(*) FILTER (WHERE g.outcome IN ('denied', 'arbitration_lost')) AS denied,
    count(*) FILTER (WHERE g.outcome = 'withdrawn') AS withdrawn,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY ${daysToClose(tz)}) AS median`;

  let query: RawBuilder<Row>;
  if (groupBy === "article") {
    // One row per citation; the label is the spelling most of the group's citations use.
    const cited = sql`grievances g CROSS JOIN LATERAL unnest(g.articles, g.article_keys) AS a(article, k)`;
    query = sql<Row>`
      WITH f AS (
        SELECT a.k, count(*) AS filed, count(*) FILTER (WHERE g.status <> 'resolved') AS open,
               mode() WITHIN GROUP (ORDER BY a.article) AS label
        FROM ${cited}
        WHERE g.organization_id = ${organizationId} AND ${filedBetween(range)} AND a.k <> ''
        GROUP BY a.k
      ), c AS (
        SELECT a.k, ${outcomes}, mode() WITHIN GROUP (ORDER BY a.article) AS label
        FROM ${cited}
        WHERE g.organization_id = ${organizationId} AND g.closed_on IS NOT NULL AND ${closedIn}
          AND a.k <> ''
        GROUP BY a.k
      )
      SELECT coalesce(f.label, c.label) AS key, f.filed, f.open, c.closed, c.granted, c.settled,
             c.denied, c.withdrawn, c.median, NULL::int AS sort
      FROM f FULL JOIN c ON c.k = f.k`;
  } else {
    const [filedKey, closedKey] = keys(groupBy, tz);
    const sortOf =
      groupBy === "step"
        ? { f: sql`min(g.step_index)`, c: sql`min(g.step_index)` }
        : { f: sql`NULL::int`, c: sql`NULL::int` };
    const months =
      groupBy === "month"
        ? sql`, m AS (
            SELECT to_char(d, 'YYYY-MM') AS key
            FROM generate_series(date_trunc('month', ${range.from}::timestamp),
                                 ${range.to}::timestamp, interval '1 month') AS d)`
        : sql``;
    const from = groupBy === "month" ? sql`m LEFT JOIN f USING (key)` : sql`f`;
    query = sql<Row>`
      WITH f AS (
        SELECT ${filedKey} AS key, count(*) AS filed,
               count(*) FILTER (WHERE g.status <> 'resolved') AS open, ${sortOf.f} AS sort
        FROM grievances g
        WHERE g.organization_id = ${organizationId} AND ${filedBetween(range)}
        GROUP BY 1
      ), c AS (
        SELECT ${closedKey} AS key, ${outcomes}, ${sortOf.c} AS sort
        FROM grievances g
        WHERE g.organization_id = ${organizationId} AND g.closed_on IS NOT NULL AND ${closedIn}
        GROUP BY 1
      )${months}
      SELECT key, f.filed, f.open, c.closed, c.granted, c.settled, c.denied, c.withdrawn,
             c.median, coalesce(f.sort, c.sort) AS sort
      FROM ${from} FULL JOIN c USING (key)`;
  }
  const { rows } = await query.execute(trx);
  const groups = rows.map((r) => ({ group: toGroup(r), sort: r.sort }));
  return orderGroups(groupBy, groups);
}

/**
 * The reference for summary.ts, read straight from the grievances. The range's totals: grievances filed and closed, the win rate and median days to close of
 * those closed, the deadlines that fell due in it (met, missed, still running) and the money
 * remedies of the grievances closed in it (awarded, and confirmed received).
 */
export async function reportSummaryRaw(
  trx: TenantTx,
  organizationId: string,
  range: DayRange,
): Promise<TReportSummary> {
  const closedIn = sql`g.closed_on >= ${range.from}::date AND g.closed_on <= ${range.to}::date`;
  const [filed, closed, deadlines, currency] = await Promise.all([
    sql<{ filed: string }>`
      SELECT count(*) AS filed FROM grievances g
      WHERE g.organization_id = ${organizationId} AND ${filedBetween(range)}`.execute(trx),
    sql<{
      closed: string;
      granted: string;
      settled: string;
      denied: string;
      median: number | null;
      awarded: string;
      recovered: string;
    }>`
      SELECT count(*) AS closed,
             count(*) FILTER (WHERE g.outcome IN ('granted', 'arbitration_won')) AS granted,
             count(*) FILTER (WHERE g.outcome = 'settled') AS settled,
             count(*) FILTER (WHERE g.outcome IN ('denied', 'arbitration_lost')) AS denied,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY ${daysToClose(range.timeZone)}) AS median,
             coalesce(sum(g.remedy_amount_cents), 0) AS awarded,
             coalesce(sum(g.remedy_amount_cents) FILTER (WHERE g.remedy_received_at IS NOT NULL), 0)
               AS recovered
      FROM grievances g
      WHERE g.organization_id = ${organizationId} AND g.closed_on IS NOT NULL AND ${closedIn}`.execute(
      trx,
    ),
    deadlineResults(trx, organizationId, range),
    organizationCurrency(trx, organizationId),
  ]);
  const c = closed.rows[0];
  const n = (v: string | undefined) => Number(v ?? 0);
  // The requests' answers, counted here in JavaScript from the rows themselves.
  const requests = await sql<{ servedOn: string; answeredOn: string; dueDate: string }>`
    SELECT served_on::text AS served_on, answered_on::text AS answered_on, due_date::text AS due_date
    FROM information_requests
    WHERE organization_id = ${organizationId} AND served_on IS NOT NULL
      AND answered_on IS NOT NULL`.execute(trx);
  const answered = requests.rows.filter(
    (r) => r.answeredOn >= range.from && r.answeredOn <= range.to,
  );
  const dayMs = 86_400_000;
  const spans = answered
    .map((r) => (Date.parse(r.answeredOn) - Date.parse(r.servedOn)) / dayMs)
    .sort((a, b) => a - b);
  const mid = spans.length / 2;
  const median =
    spans.length === 0
      ? null
      : spans.length % 2
        ? (spans[Math.floor(mid)] as number)
        : ((spans[mid - 1] as number) + (spans[mid] as number)) / 2;
  const counts = { granted: n(c?.granted), settled: n(c?.settled), denied: n(c?.denied) };
  return {
    from: range.from,
    to: range.to,
    filed: n(filed.rows[0]?.filed),
    closed: n(c?.closed),
    winRate: winRate(counts),
    medianDaysToClose: c?.median == null ? null : Number(c.median),
    deadlines,
    information: {
      answered: answered.length,
      medianDaysToAnswer: median,
      answeredInTime:
        answered.length === 0
          ? null
          : answered.filter((r) => r.answeredOn <= r.dueDate).length / answered.length,
    },
    backPay: { awardedCents: n(c?.awarded), recoveredCents: n(c?.recovered), currency },
  };
}
