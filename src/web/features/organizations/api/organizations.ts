import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  TCreateOrganization,
  TOrganizationConfig,
  TOrganizationConfigInput,
} from "../../../../shared/schemas/organizations.ts";
import { apiRequest } from "../../../lib/api.ts";
import { organizationConfigKey } from "../../../lib/organization.ts";
import { meQueryKey } from "../../../lib/session.ts";

export interface OrganizationSummary {
  id: string;
  name: string;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateOrganization) =>
      apiRequest<OrganizationSummary & { trialEndsAt: string | null }>("/api/organizations", {
        method: "POST",
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const findOrganizationByCode = (code: string) =>
  apiRequest<OrganizationSummary>(
    `/api/organizations/by-invite/${encodeURIComponent(code.trim())}`,
  );

export function useJoinOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      apiRequest<OrganizationSummary>("/api/organizations/join", {
        method: "POST",
        body: { inviteCode },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrganizationConfigInput) =>
      apiRequest<TOrganizationConfig>("/api/organization/config", { method: "PUT", body: input }),
    onSuccess: (config) => {
      queryClient.setQueryData(organizationConfigKey, config);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<OrganizationSummary>(
        `/api/invitations/by-token/${encodeURIComponent(token)}/accept`,
        {
          method: "POST",
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
