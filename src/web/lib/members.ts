import { queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { TMember } from "../../shared/schemas/organizations.ts";
import { apiRequest } from "./api.ts";

/**
 * The organization's people (GET /api/members): the directory, the grievant picker, and the
 * stewards a grievance or the deadline board can be assigned to. All under one key, so a change
 * in the directory refreshes them all.
 */
export const memberKeys = {
  all: ["/api/members"] as const,
  list: (qs: string) => [...memberKeys.all, "list", qs] as const,
  stewards: () => [...memberKeys.all, "stewards"] as const,
};

interface MemberPage {
  items: TMember[];
  nextCursor: string | null;
  total: number;
}

/** By name, 25 at a time; `data` holds the pages loaded so far as one list. */
export function useMembers(filter: { q: string; facility: string }, enabled = true) {
  const params = new URLSearchParams({ limit: "25" });
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.facility) params.set("facility", filter.facility);
  const qs = params.toString();
  return useInfiniteQuery({
    queryKey: memberKeys.list(qs),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<MemberPage>(
        `/api/members?${qs}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => ({
      items: data.pages.flatMap((p) => p.items),
      total: data.pages[0]?.total ?? 0,
    }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export interface StewardOption {
  id: string;
  name: string;
  role: "admin" | "steward" | "member";
}

/** Who can be made responsible for a grievance: the organization's stewards and admins. */
export const stewardsQuery = (enabled = true) =>
  queryOptions({
    queryKey: memberKeys.stewards(),
    queryFn: async () =>
      (await apiRequest<{ items: StewardOption[] }>("/api/members?role=steward,admin&limit=100"))
        .items,
    enabled,
  });
