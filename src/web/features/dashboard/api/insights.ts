import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TInsights } from "../../../../shared/schemas/insights.ts";
import { apiRequest } from "../../../lib/api.ts";

// Under the "grievances" key: a new grievance can make or grow a pattern.
export const useInsights = (enabled: boolean) =>
  useQuery({
    queryKey: ["grievances", "insights"],
    queryFn: async () => (await apiRequest<TInsights>("/api/insights")).clusters,
    enabled,
  });

export function useDismissInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/insights/${encodeURIComponent(id)}/dismiss`, { method: "POST", body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["grievances", "insights"] }),
  });
}
