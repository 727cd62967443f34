import { type RawBuilder, sql } from "kysely";
import { addDays } from "../../../shared/deadline-engine/index.ts";
import type { TReportGroup, TReportGroupBy } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type DayRange, daysToClose, type GroupCounts, orderGroups, toGroup } from "./range.ts";

/** The roll-ups' dimension of each grouping (migration 0080); `all` has one value, ''. */
const DIMENSION: Record<TReportGroupBy | "all", string> = {
  all: "all",
  month: "all",
  department: "department",
  location: "location",
  jobTitle: "job_title",
  step: "step",
  outcome: "outcome",
  article: "article",
};

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string) => {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
};

/**
 * The range cut where the roll-ups read it: the whole months inside it (monthly rows,
 * `months` = [first, end) as first days of months) and the days before and after them
 * (daily rows), both ends included.
 */
export function rangeParts(r: Pick<DayRange, "from" | "to">): {
  months: [string, string] | null;
  edges: [string, string][];
} {
  const first = r.from.endsWith("-01") ? r.from : nextMonth(r.from);
  const end = firstOfMonth(addDays(r.to, 1));
  if (first >= end) return { months: null, edges: [[r.from, r.to]] };
  const edges: [string, string][] = [];
  if (r.from < first) edges.push([r.from, addDays(first, -1)]);
  if (end <= r.to) edges.push([end, r.to]);
  return { months: [first, end], edges };
}

export interface RollupRow extends GroupCounts {
  label: string | null;
  awarded: string | null;
  recovered: string | null;
  sort: number | null;
}

/**
 * The figures of a range grouped one way, summed from the roll-ups: monthly rows for the
 * whole months, daily rows for the days at the edges. The median days to close comes from
 * the monthly histograms of days plus, for the edge days, the closed grievances themselves
 * (a daily histogram would be nearly as large as the grievances), and is computed as
 * percentile_cont(0.5) does: the middle value, or halfway between the two middle values.
 * Articles are grouped by their key and labelled with their most cited spelling (ties: the
 * first in sort order, as mode() picks).
 */
export async function rollupGroups(
  trx: TenantTx,
  organizationId: string,
  groupBy: TReportGroupBy | "all",
  range: DayRange,
): Promise<RollupRow[]> {
  const dim = DIMENSION[groupBy];
  const { months, edges } = rangeParts(range);
  const rollupKey = groupBy === "month" ? sql`to_char(r.bucket, 'YYYY-MM')` : sql`r.value`;
  const rollup = (grain: "d" | "m", measures: string[], from: string, to: string) => sql`
    SELECT r.measure, ${rollupKey} AS key, r.label, r.sort, r.state, r.days, r.n, r.awarded,
           r.recovered
    FROM grievance_report_rollups r
    WHERE r.organization_id = ${organizationId} AND r.dim = ${dim}
      AND r.measure = ANY(${measures}::"char"[]) AND r.grain = ${grain}
      AND r.bucket >= ${from}::date AND r.bucket <= ${to}::date`;

  // The closed grievances of an edge, as histogram facts.
  let closedKey: RawBuilder<unknown>;
  let cited = sql`grievances g`;
  let citedOnly = sql``;
  switch (groupBy) {
    case "all":
      closedKey = sql`''`;
      break;
    case "month":
      closedKey = sql`to_char(g.closed_on, 'YYYY-MM')`;
      break;
    case "outcome":
      closedKey = sql`CASE WHEN g.status = 'resolved' THEN coalesce(g.outcome, 'not_recorded') ELSE 'open' END`;
      break;
    case "article":
      closedKey = sql`a.k`;
      cited = sql`grievances g CROSS JOIN LATERAL unnest(g.article_keys) AS a(k)`;
      citedOnly = sql`AND a.k <> ''`;
      break;
    default:
      closedKey = sql.ref(
        `g.${{ department: "department", location: "location", jobTitle: "job_title", step: "step_name" }[groupBy]}`,
      );
  }
  const closedDays = (from: string, to: string) => sql`
    SELECT 'h'::"char" AS measure, ${closedKey} AS key, '' AS label, 0 AS sort, '' AS state,
           ${daysToClose(range.timeZone)} AS days, count(*) AS n, 0::bigint AS awarded,
           0::bigint AS recovered
    FROM ${cited}
    WHERE g.organization_id = ${organizationId} AND g.closed_on IS NOT NULL
      AND g.closed_on >= ${from}::date AND g.closed_on <= ${to}::date ${citedOnly}
    GROUP BY 2, 6`;

  const parts: RawBuilder<unknown>[] = [];
  if (months) parts.push(rollup("m", ["f", "c", "h"], months[0], addDays(months[1], -1)));
  for (const [from, to] of edges) {
    parts.push(rollup("d", ["f", "c"], from, to));
    parts.push(closedDays(from, to));
  }
  const labels =
    groupBy === "article"
      ? sql`LEFT JOIN lab lf ON lf.key = g.key AND lf.measure = 'f'
            LEFT JOIN lab lc ON lc.key = g.key AND lc.measure = 'c'`
      : sql``;
  const label = groupBy === "article" ? sql`coalesce(lf.label, lc.label)` : sql`NULL::text`;
  const monthList =
    groupBy === "month"
      ? sql`(SELECT to_char(d, 'YYYY-MM') AS key
             FROM generate_series(date_trunc('month', ${range.from}::timestamp),
                                  ${range.to}::timestamp, interval '1 month') AS d) m
            LEFT JOIN g USING (key)`
      : sql`g`;
  const { rows } = await sql<RollupRow>`
    WITH facts AS (${sql.join(parts, sql` UNION ALL `)}),
    s AS (
      SELECT measure, key, label, sort, state, days, sum(n) AS n, sum(awarded) AS awarded,
             sum(recovered) AS recovered
      FROM facts GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) > 0
    ), g AS (
      SELECT key,
             sum(n) FILTER (WHERE measure = 'f') AS filed,
             sum(n) FILTER (WHERE measure = 'f' AND state = 'open') AS open,
             sum(n) FILTER (WHERE measure = 'c') AS closed,
             sum(n) FILTER (WHERE measure = 'c' AND state IN ('granted', 'arbitration_won')) AS granted,
             sum(n) FILTER (WHERE measure = 'c' AND state = 'settled') AS settled,
             sum(n) FILTER (WHERE measure = 'c' AND state IN ('denied', 'arbitration_lost')) AS denied,
             sum(n) FILTER (WHERE measure = 'c' AND state = 'withdrawn') AS withdrawn,
             sum(awarded) FILTER (WHERE measure = 'c') AS awarded,
             sum(recovered) FILTER (WHERE measure = 'c') AS recovered,
             coalesce(min(sort) FILTER (WHERE measure = 'f'), min(sort) FILTER (WHERE measure = 'c'))
               AS sort
      FROM s WHERE measure IN ('f', 'c') GROUP BY key
    ), h AS (
      SELECT key, days, sum(n) OVER (PARTITION BY key ORDER BY days) AS below,
             sum(n) OVER (PARTITION BY key) AS total
      FROM (SELECT key, days, sum(n) AS n FROM s WHERE measure = 'h' GROUP BY 1, 2) x
    ), lab AS (
      SELECT DISTINCT ON (key, measure) key, measure, label
      FROM (SELECT key, measure, label, sum(n) AS n FROM s WHERE measure IN ('f', 'c')
            GROUP BY 1, 2, 3) x
      ORDER BY key, measure, n DESC, label
    ), med AS (
      SELECT key, ((min(days) FILTER (WHERE below > (total - 1) / 2)
                   + min(days) FILTER (WHERE below > total / 2)) / 2.0)::float8 AS median
      FROM h GROUP BY key
    )
    SELECT ${groupBy === "month" ? sql`key` : sql`g.key`}, ${label} AS label, g.filed, g.open, g.closed, g.granted, g.settled,
           g.denied, g.withdrawn, g.awarded, g.recovered, med.median, g.sort
    FROM ${monthList} LEFT JOIN med USING (key) ${labels}`.execute(trx);
  return rows;
}

/**
 * The grievances of a range grouped one way (issue 21), from the roll-ups: the same answers as
 * the reference read from the grievances (tests/support/reports-reference.ts), in the same order.
 */
export async function grievanceReport(
  trx: TenantTx,
  organizationId: string,
  groupBy: TReportGroupBy,
  range: DayRange,
): Promise<TReportGroup[]> {
  const rows = await rollupGroups(trx, organizationId, groupBy, range);
  return orderGroups(
    groupBy,
    rows.map((r) => ({ group: toGroup({ ...r, key: r.label ?? r.key }), sort: r.sort })),
  );
}
