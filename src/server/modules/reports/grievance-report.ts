import { type RawBuilder, sql } from "kysely";
import type { TReportGroup, TReportGroupBy } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";

/** A range of days in the organization's time zone, both ends included. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** The range's first and last instant: filed_at is compared to these, so the index serves it. */
export const filedBetween = (r: DayRange) => sql`
  g.filed_at >= (${r.from}::date)::timestamp AT TIME ZONE ${r.timeZone}
  AND g.filed_at < (${r.to}::date + 1)::timestamp AT TIME ZONE ${r.timeZone}`;

/** Days from the filing day (in the organization's time zone) to the closing day. */
export const daysToClose = (timeZone: string) =>
  sql`(g.closed_on - (g.filed_at AT TIME ZONE ${timeZone})::date)`;

const OUTCOME_ORDER = [
  "open",
  "granted",
  "arbitration_won",
  "settled",
  "denied",
  "arbitration_lost",
  "withdrawn",
  "not_recorded",
];

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

interface Row {
  key: string;
  filed: string | null;
  open: string | null;
  closed: string | null;
  granted: string | null;
  settled: string | null;
  denied: string | null;
  withdrawn: string | null;
  median: number | null;
  sort: number | null;
}

/**
 * The grievances of a range grouped one way, in two index-only passes: those filed in the
 * range (filed, open) and those closed in it (closed, outcomes, the median days to close,
 * PostgreSQL's percentile_cont). Articles are grouped by their normalised key and shown as
 * most grievances spell them.
 */
export async function grievanceReport(
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
  const n = (v: string | null) => Number(v ?? 0);
  const groups = rows.map((r) => ({
    group: {
      key: r.key,
      filed: n(r.filed),
      open: n(r.open),
      closed: n(r.closed),
      granted: n(r.granted),
      settled: n(r.settled),
      denied: n(r.denied),
      withdrawn: n(r.withdrawn),
      medianDaysToClose: r.median === null ? null : Number(r.median),
    },
    sort: r.sort,
  }));
  const byKey = (a: TReportGroup, b: TReportGroup) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const bySize = (a: TReportGroup, b: TReportGroup) =>
    b.filed - a.filed || b.closed - a.closed || byKey(a, b);
  if (groupBy === "month") groups.sort((a, b) => byKey(a.group, b.group));
  else if (groupBy === "outcome")
    groups.sort((a, b) => OUTCOME_ORDER.indexOf(a.group.key) - OUTCOME_ORDER.indexOf(b.group.key));
  else if (groupBy === "step")
    groups.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || byKey(a.group, b.group));
  else groups.sort((a, b) => bySize(a.group, b.group));
  return groups.map((g) => g.group);
}
