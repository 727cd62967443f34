import { infiniteQueryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api.ts";
import { type RosterPage, rosterKeys } from "../../lib/roster.ts";

export { rosterKeys };

export interface RosterFilter {
  q: string;
  status: "active" | "left" | "all";
  hasAccount: "" | "true" | "false";
}

/** The Roster page's list: by name, 25 at a time, with the total. */
export function rosterListQuery(filter: RosterFilter) {
  const params = new URLSearchParams({ limit: "25", status: filter.status });
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.hasAccount) params.set("hasAccount", filter.hasAccount);
  const qs = params.toString();
  return infiniteQueryOptions({
    queryKey: rosterKeys.list(qs),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<RosterPage>(
        `/api/roster?${qs}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
