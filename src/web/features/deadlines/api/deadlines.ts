import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TBoardPage, TWorkload } from "../../../../shared/schemas/deadlines.ts";
import { apiRequest } from "../../../lib/api.ts";

/** Under the "grievances" key: a live grievance change refreshes the board (app/live-updates.ts). */
export function useBoard(assignee: string) {
  return useInfiniteQuery({
    queryKey: ["grievances", "deadlines", assignee],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ due: "all", limit: "100" });
      if (assignee) params.set("assignee", assignee);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<TBoardPage>(`/api/deadlines?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useWorkload = (enabled: boolean) =>
  useQuery({
    queryKey: ["grievances", "workload"],
    queryFn: () => apiRequest<TWorkload>("/api/workload"),
    enabled,
  });

/** The stewards and admins the filter offers (the directory's list). */
export const useStewards = () =>
  useQuery({
    queryKey: ["/api/members", "stewards"],
    queryFn: async () =>
      (
        await apiRequest<{ items: { id: string; name: string; role: string }[] }>(
          "/api/members?role=steward,admin&limit=100",
        )
      ).items,
  });
