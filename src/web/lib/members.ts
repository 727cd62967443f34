import { useInfiniteQuery } from "@tanstack/react-query";
import type { TMember } from "../../shared/schemas/organizations.ts";
import { apiRequest } from "./api.ts";

/** The organization's people (GET /api/members): the directory and the grievant picker. */
export const membersKey = ["/api/members"] as const;

interface MemberPage {
  items: TMember[];
  nextCursor: string | null;
  total: number;
}

/** By name, 25 at a time; `data` holds the pages loaded so far as one list. */
export function useMembers(filter: { q: string; facility: string }) {
  const params = new URLSearchParams({ limit: "25" });
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.facility) params.set("facility", filter.facility);
  const qs = params.toString();
  return useInfiniteQuery({
    queryKey: [...membersKey, "list", qs],
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
  });
}
