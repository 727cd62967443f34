import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Permission } from "../../shared/permissions.ts";
import type { TMe } from "../../shared/schemas/auth.ts";
import { ApiError, apiRequest } from "./api.ts";
import { authClient } from "./auth-client.ts";
import { Delays } from "./delays.ts";

export const meQueryKey = ["/api/me"] as const;

/** The signed-in user with organization, role and permissions (GET /api/me). */
export function useMe() {
  const session = authClient.useSession();
  const signedIn = Boolean(session.data?.user);
  const me = useQuery({
    queryKey: [...meQueryKey, session.data?.user.id ?? "none"],
    queryFn: () => apiRequest<TMe>("/api/me"),
    enabled: signedIn,
    // A 429 is 'not now', never 'signed out' (issue 14): ask again a little later.
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.status === 429,
    retryDelay: Delays.sessionRetry,
  });
  const sessionRefused = (session.error as { status?: number } | null)?.status === 429;
  const meRefused = me.error instanceof ApiError && me.error.status === 429;
  const { refetch: refetchSession } = session;
  useEffect(() => {
    if (!sessionRefused) return;
    const timer = setTimeout(() => void refetchSession(), Delays.sessionRetry);
    return () => clearTimeout(timer);
  }, [sessionRefused, refetchSession]);
  return {
    isLoading: session.isPending || (signedIn && me.isPending),
    signedIn,
    /** The server said 'Too many requests' to the session check: not an answer about it. */
    rateLimited: sessionRefused || meRefused,
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

/** Why the organization is read-only (canceled or lapsed), or null: shown on every portal page. */
export function useReadOnly(): string | null {
  const { me } = useMe();
  return me?.organization?.readOnly ?? null;
}

/**
 * Whether to offer an action that changes something: the role must hold `permission` and the
 * organization must not be read-only (the server refuses those writes; issue 14 hides them).
 */
export function useCanWrite(permission: Permission): boolean {
  const can = useCan(permission);
  const readOnly = useReadOnly();
  return can && readOnly === null;
}
