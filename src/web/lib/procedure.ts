import { queryOptions } from "@tanstack/react-query";
import type { TProcedure } from "../../shared/schemas/procedure.ts";
import { apiRequest } from "./api.ts";

/**
 * The organization's grievance procedure (GET /api/organization/procedure): edited in
 * Organization Setup, read by the grievance pages (steps' names, the time zone's 'today').
 * One key, so a saved procedure reaches both.
 */
export const procedureKey = ["/api/organization/procedure"] as const;

export const procedureQuery = () =>
  queryOptions({
    queryKey: procedureKey,
    queryFn: () => apiRequest<TProcedure>("/api/organization/procedure"),
  });
