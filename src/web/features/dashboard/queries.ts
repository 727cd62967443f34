import { queryOptions } from "@tanstack/react-query";
import type { TActivityItem, TDashboardStats } from "../../../shared/schemas/grievances.ts";
import type { TInsights } from "../../../shared/schemas/insights.ts";
import { apiRequest } from "../../lib/api.ts";
import { dashboardStatsKey, grievanceDataKey } from "../../lib/query-keys.ts";

/** Under the grievance data key: a grievance change anywhere refreshes them (lib/live-updates.ts). */
export const dashboardKeys = {
  stats: dashboardStatsKey,
  activity: [...grievanceDataKey, "activity"] as const,
  /** A new grievance can make or grow a pattern. */
  insights: [...grievanceDataKey, "insights"] as const,
};

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.stats,
    queryFn: () => apiRequest<TDashboardStats>("/api/dashboard-stats"),
  });

export const recentActivityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.activity,
    queryFn: async () =>
      (await apiRequest<{ items: TActivityItem[] }>("/api/activity?limit=3")).items,
  });

export const insightsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.insights,
    queryFn: () => apiRequest<TInsights>("/api/insights"),
    enabled,
  });
