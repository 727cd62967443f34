import { sql } from "kysely";
import { type TReportSummary, winRate } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import { rollupGroups } from "./grievance-report.ts";
import { type DayRange, deadlineResults } from "./range.ts";

/**
 * The range's totals: grievances filed and closed, the win rate and median days to close of
 * those closed (from the roll-ups, as the reports), the deadlines that fell due in it (met,
 * missed, still running) and the money remedies of the grievances closed in it (awarded, and
 * confirmed received). tests/support/reports-reference.ts reads the same from the grievances themselves.
 */
export async function reportSummary(
  trx: TenantTx,
  organizationId: string,
  range: DayRange,
): Promise<TReportSummary> {
  const [totals, deadlines, currency, information] = await Promise.all([
    rollupGroups(trx, organizationId, "all", range),
    deadlineResults(trx, organizationId, range),
    organizationCurrency(trx, organizationId),
    informationAnswers(trx, organizationId, range),
  ]);
  const t = totals[0];
  const n = (v: string | null | undefined) => Number(v ?? 0);
  const counts = { granted: n(t?.granted), settled: n(t?.settled), denied: n(t?.denied) };
  return {
    from: range.from,
    to: range.to,
    filed: n(t?.filed),
    closed: n(t?.closed),
    winRate: winRate(counts),
    medianDaysToClose: t?.median == null ? null : Number(t.median),
    deadlines,
    information,
    backPay: {
      awardedCents: n(t?.awarded),
      recoveredCents: n(t?.recovered),
      currency,
    },
  };
}

/**
 * Information requests answered in the range (by their last item's day), read from the
 * organization's requests: a local has a few hundred a year, not enough for a roll-up.
 */
async function informationAnswers(trx: TenantTx, organizationId: string, range: DayRange) {
  const { rows } = await sql<{ answered: string; median: number | null; inTime: string }>`
    SELECT count(*) AS answered,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY r.answered_on - r.served_on) AS median,
           count(*) FILTER (WHERE r.answered_on <= r.due_date) AS in_time
    FROM information_requests r
    WHERE r.organization_id = ${organizationId} AND r.served_on IS NOT NULL
      AND r.answered_on >= ${range.from}::date AND r.answered_on <= ${range.to}::date`.execute(trx);
  const row = rows[0];
  const answered = Number(row?.answered ?? 0);
  return {
    answered,
    medianDaysToAnswer: row?.median == null ? null : Number(row.median),
    answeredInTime: answered === 0 ? null : Number(row?.inTime ?? 0) / answered,
  };
}
