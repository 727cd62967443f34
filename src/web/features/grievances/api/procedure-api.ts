import { useQuery } from "@tanstack/react-query";
import type { TProcedure } from "../../../../shared/schemas/procedure.ts";
import { apiRequest } from "../../../lib/api.ts";

/** The local's procedure (its steps' names and its time zone) for the timeline and 'today'. */
export const useProcedure = () =>
  useQuery({
    queryKey: ["/api/organization/procedure"],
    queryFn: () => apiRequest<TProcedure>("/api/organization/procedure"),
  });

export interface StewardOption {
  id: string;
  name: string;
  role: "admin" | "steward" | "member";
}

/** Who can be made responsible for a grievance: the organization's stewards and admins. */
export const useStewards = (enabled: boolean) =>
  useQuery({
    queryKey: ["/api/members", "stewards"],
    queryFn: async () =>
      (await apiRequest<{ items: StewardOption[] }>("/api/members?role=steward,admin&limit=100"))
        .items,
    enabled,
  });
