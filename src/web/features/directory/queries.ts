import { queryOptions } from "@tanstack/react-query";
import type { TInvitation } from "../../../shared/schemas/organizations.ts";
import { apiRequest } from "../../lib/api.ts";

/** The directory's own data; the members themselves are lib/members.ts's (other features list them). */
export const directoryKeys = {
  invitations: ["/api/invitations"] as const,
};

export const invitationsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: directoryKeys.invitations,
    queryFn: () => apiRequest<{ items: TInvitation[] }>("/api/invitations"),
    enabled,
  });
