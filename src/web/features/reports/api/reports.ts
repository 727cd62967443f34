import { useQuery } from "@tanstack/react-query";
import type { TReportGroupBy } from "../../../../shared/schemas/reports.ts";
import { type Range, reportQuery, reportSummaryQuery } from "../queries.ts";

export const useReport = (groupBy: TReportGroupBy, range: Range) =>
  useQuery(reportQuery(groupBy, range));

export const useReportSummary = (range: Range) => useQuery(reportSummaryQuery(range));
