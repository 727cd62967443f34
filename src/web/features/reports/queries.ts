import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { TReport, TReportGroupBy, TReportSummary } from "../../../shared/schemas/reports.ts";
import { apiRequest } from "../../lib/api.ts";
import { grievanceDataKey } from "../../lib/query-keys.ts";

export interface Range {
  from: string;
  to: string;
}

/** Under the grievance data key: a grievance change anywhere refreshes the figures. */
export const reportKeys = {
  all: [...grievanceDataKey, "reports"] as const,
  report: (groupBy: TReportGroupBy, range: Range) =>
    [...reportKeys.all, groupBy, range.from, range.to] as const,
  summary: (range: Range) => [...reportKeys.all, "summary", range.from, range.to] as const,
};

const query = (range: Range, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams(extra);
  if (range.from) q.set("from", range.from);
  if (range.to) q.set("to", range.to);
  return q.toString();
};

export const reportQuery = (groupBy: TReportGroupBy, range: Range) =>
  queryOptions({
    queryKey: reportKeys.report(groupBy, range),
    queryFn: () => apiRequest<TReport>(`/api/reports/grievances?${query(range, { groupBy })}`),
    placeholderData: keepPreviousData,
  });

export const reportSummaryQuery = (range: Range) =>
  queryOptions({
    queryKey: reportKeys.summary(range),
    queryFn: () => apiRequest<TReportSummary>(`/api/reports/summary?${query(range)}`),
    placeholderData: keepPreviousData,
  });
