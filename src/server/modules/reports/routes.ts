import { addDays, todayIn } from "../../../shared/deadline-engine/index.ts";
import {
  ReportMessages,
  ZReport,
  ZReportQuery,
  ZReportRangeQuery,
  ZReportSummary,
} from "../../../shared/schemas/reports.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError } from "../../lib/errors.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { grievanceReport } from "./grievance-report.ts";
import type { DayRange } from "./range.ts";
import { reportSummary } from "./summary.ts";

/** Without a range: the last 365 days up to today, in the organization's time zone. */
function rangeOf(q: { from?: string; to?: string }, today: string, timeZone: string): DayRange {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -364);
  if (from > to)
    throw new AppError(400, "VALIDATION_FAILED", ReportMessages.range, {
      from: ReportMessages.range,
    });
  return { from, to, timeZone };
}

/** Reports (issue 21): stewards and admins; members 403. */
export function reportRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/reports/grievances",
    {
      config: { access: "view:all_grievances" },
      schema: { querystring: ZReportQuery, response: { 200: ZReport } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { groupBy, ...q } = request.query;
      return withTenant(db, tenant.organizationId, async (trx) => {
        const { timeZone } = await loadProcedure(trx, tenant.organizationId);
        const range = rangeOf(q, todayIn(timeZone, now(app)), timeZone);
        const groups = await grievanceReport(trx, tenant.organizationId, groupBy, range);
        return { from: range.from, to: range.to, groups };
      });
    },
  );

  app.get(
    "/api/reports/summary",
    {
      config: { access: "view:all_grievances" },
      schema: { querystring: ZReportRangeQuery, response: { 200: ZReportSummary } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const { timeZone } = await loadProcedure(trx, tenant.organizationId);
        const range = rangeOf(request.query, todayIn(timeZone, now(app)), timeZone);
        return reportSummary(trx, tenant.organizationId, range);
      });
    },
  );
}
