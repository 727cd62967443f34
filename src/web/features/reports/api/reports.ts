import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  TReport,
  TReportGroupBy,
  TReportSummary,
} from "../../../../shared/schemas/reports.ts";
import { apiRequest } from "../../../lib/api.ts";

export interface Range {
  from: string;
  to: string;
}

const query = (range: Range, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams(extra);
  if (range.from) q.set("from", range.from);
  if (range.to) q.set("to", range.to);
  return q.toString();
};

// Under the "grievances" key: a live grievance change refreshes the figures.
export const useReport = (groupBy: TReportGroupBy, range: Range) =>
  useQuery({
    queryKey: ["grievances", "reports", groupBy, range.from, range.to],
    queryFn: () => apiRequest<TReport>(`/api/reports/grievances?${query(range, { groupBy })}`),
    placeholderData: keepPreviousData,
  });

export const useReportSummary = (range: Range) =>
  useQuery({
    queryKey: ["grievances", "reports", "summary", range.from, range.to],
    queryFn: () => apiRequest<TReportSummary>(`/api/reports/summary?${query(range)}`),
    placeholderData: keepPreviousData,
  });
