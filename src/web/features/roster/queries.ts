import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZPersonGrievances } from "../../../shared/schemas/roster.ts";
import { apiRequest } from "../../lib/api.ts";
import { grievanceDataKey } from "../../lib/query-keys.ts";
import { type RosterPage, rosterKeys } from "../../lib/roster.ts";

type TPersonGrievances = z.infer<typeof ZPersonGrievances>;

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

/**
 * A person's open grievances (issue 34), under the grievances' data root: a contact or a case
 * closed elsewhere refreshes the list.
 */
export const personGrievancesQuery = (personId: string) =>
  queryOptions({
    queryKey: [...grievanceDataKey, "person", personId] as const,
    queryFn: () =>
      apiRequest<TPersonGrievances>(`/api/roster/${encodeURIComponent(personId)}/grievances`),
  });
