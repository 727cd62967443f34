import { sql } from "kysely";
import { DEADLINE_KINDS } from "../../../shared/schemas/grievances.ts";
import { type TReportSummary, winRate } from "../../../shared/schemas/reports.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import { rollupGroups } from "./grievance-report.ts";
import type { DayRange } from "./range.ts";

/**
 * The range's totals: grievances filed and closed, the win rate and median days to close of
 * those closed (from the roll-ups, as the reports), the deadlines that fell due in it (met,
 * missed, still running) and the money remedies of the grievances closed in it (awarded, and
 * confirmed received). reference.ts reads the same from the grievances themselves.
 */
export async function reportSummary(
  trx: TenantTx,
  organizationId: string,
  range: DayRange,
): Promise<TReportSummary> {
  const [totals, deadlines, currency] = await Promise.all([
    rollupGroups(trx, organizationId, "all", range),
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
    deadlines: DEADLINE_KINDS.map((kind) => {
      const row = deadlines.rows.find((r) => r.kind === kind);
      return { kind, met: n(row?.met), missed: n(row?.missed), open: n(row?.open) };
    }),
    backPay: {
      awardedCents: n(t?.awarded),
      recoveredCents: n(t?.recovered),
      currency,
    },
  };
}
