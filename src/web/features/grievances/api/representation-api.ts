import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TContactInput } from "../../../../shared/schemas/representation.ts";
import { apiRequest } from "../../../lib/api.ts";
import { grievanceKeys } from "../queries.ts";

const path = (id: string, rest: string) => `/api/grievances/${encodeURIComponent(id)}/${rest}`;

/** A write of issue 34 refreshes the grievance, the board and the dashboard (one data root). */
function useRepresentationMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceKeys.all }),
  });
}

export const useLogContact = () =>
  useRepresentationMutation(({ id, input }: { id: string; input: TContactInput }) =>
    apiRequest<{ id: string }>(path(id, "contacts"), { method: "POST", body: input }),
  );

export const representationRecordUrl = (id: string) => path(id, "representation-record.pdf");
