import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TInvitation,
  TInvitationInput,
  TMember,
  TMemberUpdate,
} from "../../../../shared/schemas/organizations.ts";
import { apiRequest } from "../../../lib/api.ts";
import { memberKeys } from "../../../lib/members.ts";
import { directoryKeys, invitationsQuery } from "../queries.ts";

export { useMembers } from "../../../lib/members.ts";

export const useInvitations = (enabled: boolean) => useQuery(invitationsQuery(enabled));

function useInvalidating<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: directoryKeys.invitations }),
      ]),
  });
}

export const useInvite = () =>
  useInvalidating((input: TInvitationInput) =>
    apiRequest<TInvitation>("/api/invitations", { method: "POST", body: input }),
  );

export const useRevokeInvitation = () =>
  useInvalidating((id: string) => apiRequest(`/api/invitations/${id}`, { method: "DELETE" }));

export const useUpdateMember = () =>
  useInvalidating(({ id, changes }: { id: string; changes: TMemberUpdate }) =>
    apiRequest<TMember>(`/api/members/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: changes,
    }),
  );

export const useRemoveMember = () =>
  useInvalidating((id: string) =>
    apiRequest(`/api/members/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
