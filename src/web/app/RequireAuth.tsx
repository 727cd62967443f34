import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/ui/spinner.tsx";
import { useMe } from "./session.ts";

/** Paths a signed-in person without an organization may open (portal spec, route guard). */
const WITHOUT_ORGANIZATION = [
  "/profile",
  "/get-started",
  "/join-org",
  "/accept-invite",
  // A website package can be bought before (or without) creating an organization.
  "/onboarding",
  "/billing/test-checkout",
];

/**
 * Route guard: 'Verifying authentication...' while loading, /login when signed out,
 * /get-started for someone who belongs to no organization yet.
 */
export function RequireAuth() {
  const { isLoading, signedIn, me } = useMe();
  const location = useLocation();
  if (isLoading) return <LoadingScreen label="Verifying authentication..." />;
  if (!signedIn || !me)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const allowedWithout = WITHOUT_ORGANIZATION.some((p) => location.pathname.startsWith(p));
  if (!me.organization && !allowedWithout) {
    return <Navigate to={me.user.accountType === "admin" ? "/get-started" : "/join-org"} replace />;
  }
  return <Outlet />;
}
