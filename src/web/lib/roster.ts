import { useQuery } from "@tanstack/react-query";
import type { TRosterPerson } from "../../shared/schemas/roster.ts";
import { apiRequest } from "./api.ts";

/**
 * The roster (GET /api/roster, issue 29): the Roster page and the grievance form's pickers,
 * for stewards and admins. All under one key, so a change on the Roster page refreshes both.
 */
export const rosterKeys = {
  all: ["/api/roster"] as const,
  list: (qs: string) => [...rosterKeys.all, "list", qs] as const,
  search: (q: string) => [...rosterKeys.all, "search", q] as const,
};

export interface RosterPage {
  items: TRosterPerson[];
  nextCursor: string | null;
  total: number;
}

/** People whose name, badge number or email holds `q`, as one types (the first ten). */
export function useRosterSearch(q: string, enabled = true) {
  const term = q.trim();
  return useQuery({
    queryKey: rosterKeys.search(term),
    queryFn: () =>
      apiRequest<RosterPage>(`/api/roster?limit=10&status=all&q=${encodeURIComponent(term)}`),
    enabled,
    placeholderData: (previous) => previous,
  });
}
