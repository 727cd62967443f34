import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TInvitation,
  TInvitationInput,
  TMember,
  TMemberUpdate,
} from "../../../../shared/schemas/organizations.ts";
import { apiRequest } from "../../../lib/api.ts";

const membersKey = ["/api/members"] as const;
const invitationsKey = ["/api/invitations"] as const;

export function useMembers(filter: { q: string; facility: string }) {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set("q", filter.q.trim());
  if (filter.facility) params.set("facility", filter.facility);
  const qs = params.toString();
  return useQuery({
    queryKey: [...membersKey, qs],
    queryFn: () =>
      apiRequest<{ items: TMember[]; total: number }>(`/api/members${qs ? `?${qs}` : ""}`),
    placeholderData: (previous) => previous,
  });
}

export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey,
    queryFn: () => apiRequest<{ items: TInvitation[] }>("/api/invitations"),
    enabled,
  });
}

function useInvalidating<TArgs>(fn: (args: TArgs) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey }),
        queryClient.invalidateQueries({ queryKey: invitationsKey }),
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
