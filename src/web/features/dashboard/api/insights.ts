import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { dashboardKeys, insightsQuery } from "../queries.ts";

export const useInsights = (enabled: boolean) => useQuery(insightsQuery(enabled));

export function useDismissInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/insights/${encodeURIComponent(id)}/dismiss`, { method: "POST", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.insights }),
  });
}
