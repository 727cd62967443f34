import { useQuery } from "@tanstack/react-query";
import type { TMember } from "../../shared/schemas/organizations.ts";
import { apiRequest } from "./api.ts";

/** The organization's people (GET /api/members): the directory and the grievant picker. */
export const membersKey = ["/api/members"] as const;

export function useMembers(filter: { q: string; facility: string }) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.facility) params.set("facility", filter.facility);
  const qs = params.toString();
  return useQuery({
    queryKey: [...membersKey, qs],
    queryFn: () =>
      apiRequest<{ items: TMember[]; total: number }>(`/api/members${qs ? `?${qs}` : ""}`),
    placeholderData: (previous) => previous,
  });
}
