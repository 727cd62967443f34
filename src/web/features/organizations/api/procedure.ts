import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TLimit, TProcedure, TProcedureInput } from "../../../../shared/schemas/procedure.ts";
import { apiRequest } from "../../../lib/api.ts";
import { procedureKey, procedureQuery } from "../../../lib/procedure.ts";
import {
  deadlinePreviewQuery,
  holidayRegionsQuery,
  organizationKeys,
  publicHolidaysQuery,
} from "../queries.ts";

export const useProcedure = () => useQuery(procedureQuery());

export function useSaveProcedure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TProcedureInput) =>
      apiRequest<TProcedure>("/api/organization/procedure", { method: "PUT", body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(procedureKey, saved);
      // Previews count with the stored holidays and closures.
      return queryClient.invalidateQueries({ queryKey: organizationKeys.deadlinePreviews });
    },
  });
}

export const useHolidayRegions = () => useQuery(holidayRegionsQuery());

export const useDeadlinePreview = (from: string, limit: TLimit | null) =>
  useQuery(deadlinePreviewQuery(from, limit));

export const usePublicHolidays = (region: string | null, year: number) =>
  useQuery(publicHolidaysQuery(region, year));
