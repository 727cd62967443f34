import { useQuery } from "@tanstack/react-query";
import type { TOrganizationConfig } from "../../shared/schemas/organizations.ts";
import { apiRequest } from "./api.ts";

export const organizationConfigKey = ["/api/organization/config"] as const;

/** The organization's name and lists (job titles, departments, locations), shared by features. */
export function useOrganizationConfig(enabled = true) {
  return useQuery({
    queryKey: organizationConfigKey,
    queryFn: () => apiRequest<TOrganizationConfig>("/api/organization/config"),
    enabled,
  });
}
