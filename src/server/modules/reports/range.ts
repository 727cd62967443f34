import { sql } from "kysely";
import { DEADLINE_KINDS } from "../../../shared/schemas/grievances.ts";
import type {
  TReportGroup,
  TReportGroupBy,
  TReportSummary,
} from "../../../shared/schemas/reports.ts";
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

export const OUTCOME_ORDER = [
  "open",
  "granted",
  "arbitration_won",
  "settled",
  "denied",
  "arbitration_lost",
  "withdrawn",
  "not_recorded",
];

/** The groups in the report's order (months in order, outcomes and steps in theirs, else largest first). */
export function orderGroups(
  groupBy: TReportGroupBy,
  groups: { group: TReportGroup; sort: number | null }[],
): TReportGroup[] {
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

/** Counts as PostgreSQL answers them (bigint as text, null for none) for one group. */
export interface GroupCounts {
  key: string;
  filed: string | null;
  open: string | null;
  closed: string | null;
  granted: string | null;
  settled: string | null;
  denied: string | null;
  withdrawn: string | null;
  median: number | null;
}

const count = (v: string | null | undefined) => Number(v ?? 0);

/** One group of the answer from its counts. */
export const toGroup = (r: GroupCounts): TReportGroup => ({
  key: r.key,
  filed: count(r.filed),
  open: count(r.open),
  closed: count(r.closed),
  granted: count(r.granted),
  settled: count(r.settled),
  denied: count(r.denied),
  withdrawn: count(r.withdrawn),
  medianDaysToClose: r.median === null ? null : Number(r.median),
});

/** The deadlines that fell due in the range, by kind: met, missed, still running. */
export async function deadlineResults(
  trx: TenantTx,
  organizationId: string,
  range: DayRange,
): Promise<TReportSummary["deadlines"]> {
  const { rows } = await sql<{ kind: string; met: string; missed: string; open: string }>`
    SELECT d.kind,
           count(*) FILTER (WHERE d.state = 'met') AS met,
           count(*) FILTER (WHERE d.state = 'missed') AS missed,
           count(*) FILTER (WHERE d.state IN ('open', 'paused')) AS open
    FROM grievance_deadlines d
    WHERE d.organization_id = ${organizationId}
      AND d.due_date >= ${range.from}::date AND d.due_date <= ${range.to}::date
    GROUP BY d.kind`.execute(trx);
  return DEADLINE_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, met: count(row?.met), missed: count(row?.missed), open: count(row?.open) };
  });
}
