import { useQuery } from "@tanstack/react-query";
import type { TMe } from "../../shared/schemas/auth.ts";
import { authClient } from "../features/auth/api/auth-client.ts";
import { apiRequest } from "../lib/api.ts";

export const meQueryKey = ["/api/me"] as const;

/** The signed-in user with organization and role (GET /api/me); only fetched when signed in. */
export function useMe() {
  const session = authClient.useSession();
  const signedIn = Boolean(session.data?.user);
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: () => apiRequest<TMe>("/api/me"),
    enabled: signedIn,
  });
  return {
    isLoading: session.isPending || (signedIn && me.isPending),
    signedIn,
    me: me.data,
    error: me.error,
  };
}
