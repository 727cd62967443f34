import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./api.ts";

export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: "admin" | "steward" | "member";
  /** The admin who sent it, when that account still exists. */
  invitedBy: string | null;
}

/** An emailed invitation by its token: read by sign-up (auth) and by accepting (organizations). */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ["/api/invitations/by-token", token],
    queryFn: () =>
      apiRequest<InvitationPreview>(`/api/invitations/by-token/${encodeURIComponent(token)}`),
    enabled: token.length > 0,
  });
