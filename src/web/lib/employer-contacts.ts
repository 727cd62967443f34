import { queryOptions } from "@tanstack/react-query";
import type { TEmployerContact } from "../../shared/schemas/employer.ts";
import { apiRequest } from "./api.ts";

/**
 * The employer's representatives (GET /api/employer-contacts): kept in Organization Setup,
 * picked from when a grievance is served. One key, so an edit refreshes the picker.
 */
export const employerContactsKey = ["/api/employer-contacts"] as const;

export const employerContactsQuery = (enabled = true) =>
  queryOptions({
    queryKey: employerContactsKey,
    queryFn: async () =>
      (await apiRequest<{ items: TEmployerContact[] }>("/api/employer-contacts")).items,
    enabled,
  });
