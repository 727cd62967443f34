import { queryOptions, useQuery } from "@tanstack/react-query";
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

export function useMembers(filter: { q: string; facility: string }) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.facility) params.set("facility", filter.facility);
  const qs = params.toString();
  return useQuery({
    queryKey: memberKeys.list(qs),
    queryFn: () =>
      apiRequest<{ items: TMember[]; total: number }>(`/api/members${qs ? `?${qs}` : ""}`),
    placeholderData: (previous) => previous,
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
      (await apiRequest<{ items: StewardOption[] }>("/api/members")).items.filter(
        (m) => m.role !== "member",
      ),
    enabled,
  });
