import { type TReportSummary, winRate } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import { rollupGroups } from "./grievance-report.ts";
import { type DayRange, deadlineCounts } from "./range.ts";

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
  const [totals, deadlines, currency] = await Promise.all([
    rollupGroups(trx, organizationId, "all", range),
    deadlineCounts(trx, organizationId, range),
    organizationCurrency(trx, organizationId),
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
    backPay: {
      awardedCents: n(t?.awarded),
      recoveredCents: n(t?.recovered),
      currency,
    },
  };
}
