import { sql } from "kysely";
import { DEADLINE_KINDS } from "../../../shared/schemas/grievances.ts";
import { type TReportSummary, winRate } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import { type DayRange, daysToClose, filedBetween } from "./grievance-report.ts";

/**
 * The range's totals: grievances filed and closed, the win rate and median days to close of
 * those closed, the deadlines that fell due in it (met, missed, still running) and the money
 * remedies of the grievances closed in it (awarded, and confirmed received).
 */
export async function reportSummary(
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
    sql<{ kind: string; met: string; missed: string; open: string }>`
      SELECT d.kind,
             count(*) FILTER (WHERE d.state = 'met') AS met,
             count(*) FILTER (WHERE d.state = 'missed') AS missed,
             count(*) FILTER (WHERE d.state IN ('open', 'paused')) AS open
      FROM grievance_deadlines d
      WHERE d.organization_id = ${organizationId}
        AND d.due_date >= ${range.from}::date AND d.due_date <= ${range.to}::date
      GROUP BY d.kind`.execute(trx),
    organizationCurrency(trx, organizationId),
  ]);
  const c = closed.rows[0];
  const n = (v: string | undefined) => Number(v ?? 0);
  const counts = { granted: n(c?.granted), settled: n(c?.settled), denied: n(c?.denied) };
  return {
    from: range.from,
    to: range.to,
    filed: n(filed.rows[0]?.filed),
    closed: n(c?.closed),
    winRate: winRate(counts),
    medianDaysToClose: c?.median == null ? null : Number(c.median),
    deadlines: DEADLINE_KINDS.map((kind) => {
      const row = deadlines.rows.find((r) => r.kind === kind);
      return { kind, met: n(row?.met), missed: n(row?.missed), open: n(row?.open) };
    }),
    backPay: { awardedCents: n(c?.awarded), recoveredCents: n(c?.recovered), currency },
  };
}
