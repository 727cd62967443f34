import { useQuery } from "@tanstack/react-query";
import type { TActivityItem, TDashboardStats } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";

// Under the "grievances" key: a live grievance change refreshes them (app/live-updates.ts).
export const useDashboardStats = () =>
  useQuery({
    queryKey: ["grievances", "stats"],
    queryFn: () => apiRequest<TDashboardStats>("/api/dashboard-stats"),
  });

export const useRecentActivity = () =>
  useQuery({
    queryKey: ["grievances", "activity"],
    queryFn: async () =>
      (await apiRequest<{ items: TActivityItem[] }>("/api/activity?limit=3")).items,
  });
