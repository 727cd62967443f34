import { useQuery } from "@tanstack/react-query";
import { dashboardStatsQuery, recentActivityQuery } from "../queries.ts";

export const useDashboardStats = () => useQuery(dashboardStatsQuery());

export const useRecentActivity = () => useQuery(recentActivityQuery());
