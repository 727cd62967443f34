import { sql } from "kysely";
import type { TReportGroup, TReportGroupBy } from "../../../shared/schemas/reports.ts";

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
