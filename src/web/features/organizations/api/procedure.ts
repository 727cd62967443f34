import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TComputed,
  THolidayRegions,
  TLimit,
  TProcedure,
  TProcedureInput,
} from "../../../../shared/schemas/procedure.ts";
import { apiRequest } from "../../../lib/api.ts";

const procedureKey = ["/api/organization/procedure"] as const;
const previewKey = ["/api/procedure/deadline-preview"] as const;

export function useProcedure() {
  return useQuery({
    queryKey: procedureKey,
    queryFn: () => apiRequest<TProcedure>("/api/organization/procedure"),
  });
}

export function useSaveProcedure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TProcedureInput) =>
      apiRequest<TProcedure>("/api/organization/procedure", { method: "PUT", body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(procedureKey, saved);
      // Previews count with the stored holidays and closures.
      return queryClient.invalidateQueries({ queryKey: previewKey });
    },
  });
}

/** Countries and their states from the server (the holiday library stays off the browser). */
export function useHolidayRegions() {
  return useQuery({
    queryKey: ["/api/procedure/holiday-regions"],
    queryFn: () => apiRequest<THolidayRegions>("/api/procedure/holiday-regions"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The due date of `limit` from `from` with the organization's stored calendar. */
export function useDeadlinePreview(from: string, limit: TLimit | null) {
  const valid =
    limit !== null && Number.isInteger(limit.days) && limit.days >= 1 && limit.days <= 365;
  const params = new URLSearchParams({
    from,
    days: String(limit?.days ?? ""),
    dayType: limit?.dayType ?? "business",
  });
  return useQuery({
    queryKey: [...previewKey, from, limit?.days, limit?.dayType],
    queryFn: () => apiRequest<TComputed>(`/api/procedure/deadline-preview?${params}`),
    enabled: valid && /^\d{4}-\d{2}-\d{2}$/.test(from),
    placeholderData: keepPreviousData,
  });
}
