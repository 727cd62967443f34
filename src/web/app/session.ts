import { useQuery } from "@tanstack/react-query";
import type { Permission } from "../../shared/permissions.ts";
import type { TMe } from "../../shared/schemas/auth.ts";
import { apiRequest } from "../lib/api.ts";
import { authClient } from "../lib/auth-client.ts";

export const meQueryKey = ["/api/me"] as const;

/** The signed-in user with organization, role and permissions (GET /api/me). */
export function useMe() {
  const session = authClient.useSession();
  const signedIn = Boolean(session.data?.user);
  const me = useQuery({
    queryKey: [...meQueryKey, session.data?.user.id ?? "none"],
    queryFn: () => apiRequest<TMe>("/api/me"),
    enabled: signedIn,
  });
  return {
    isLoading: session.isPending || (signedIn && me.isPending),
    signedIn,
    me: me.data,
    error: me.error,
    refetch: me.refetch,
  };
}

/** Whether the signed-in user's role holds `permission` (for showing or hiding; the server decides). */
export function useCan(permission: Permission): boolean {
  const { me } = useMe();
  return me?.permissions.includes(permission) ?? false;
}
