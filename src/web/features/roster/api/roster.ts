import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  TRosterImportResult,
  TRosterInput,
  TRosterPerson,
  TRosterUpdate,
} from "../../../../shared/schemas/roster.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";
import { organizationConfigKey } from "../../../lib/organization.ts";
import { type RosterFilter, rosterKeys, rosterListQuery } from "../queries.ts";

export function useRoster(filter: RosterFilter) {
  return useInfiniteQuery({
    ...rosterListQuery(filter),
    select: (data) => ({
      items: data.pages.flatMap((p) => p.items),
      total: data.pages[0]?.total ?? 0,
    }),
    placeholderData: (previous) => previous,
  });
}

function useRosterMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
  });
}

export const useAddPerson = () =>
  useRosterMutation((input: TRosterInput) =>
    apiRequest<TRosterPerson>("/api/roster", { method: "POST", body: input }),
  );

export const useUpdatePerson = () =>
  useRosterMutation(({ id, changes }: { id: string; changes: TRosterUpdate }) =>
    apiRequest<TRosterPerson>(`/api/roster/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: changes,
    }),
  );

export const useInvitationAction = () =>
  useRosterMutation((input: { action: "send" | "resend" | "revoke"; ids?: string[] }) =>
    apiRequest<{ changed: number }>("/api/roster/invitations", { method: "POST", body: input }),
  );

/** One step of an import: preview, apply or sync (an apply also refreshes the lists). */
export function useRosterImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload<TRosterImportResult>("/api/roster/import", form),
    onSuccess: (result) =>
      result.applied
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
            queryClient.invalidateQueries({ queryKey: organizationConfigKey }),
          ])
        : undefined,
  });
}
