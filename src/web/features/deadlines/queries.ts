import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { TBoardPage, THeldList, TWorkload } from "../../../shared/schemas/deadlines.ts";
import { apiRequest } from "../../lib/api.ts";
import { grievanceDataKey } from "../../lib/query-keys.ts";

/** Under the grievance data key: a grievance change anywhere refreshes them (lib/live-updates.ts). */
export const deadlineKeys = {
  board: (assignee: string) => [...grievanceDataKey, "deadlines", assignee] as const,
  workload: [...grievanceDataKey, "workload"] as const,
  held: (assignee: string) => [...grievanceDataKey, "held", assignee] as const,
};

/** The grievances on hold, longest held first (the board's own group; issue 30). */
export const heldQuery = (assignee: string) =>
  queryOptions({
    queryKey: deadlineKeys.held(assignee),
    queryFn: () => {
      const params = new URLSearchParams({ limit: "100" });
      if (assignee) params.set("assignee", assignee);
      return apiRequest<THeldList>(`/api/deadlines/held?${params}`);
    },
  });

export const boardQuery = (assignee: string) =>
  infiniteQueryOptions({
    queryKey: deadlineKeys.board(assignee),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ due: "all", limit: "100" });
      if (assignee) params.set("assignee", assignee);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<TBoardPage>(`/api/deadlines?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const workloadQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: deadlineKeys.workload,
    queryFn: () => apiRequest<TWorkload>("/api/workload"),
    enabled,
  });
