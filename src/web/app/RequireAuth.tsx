import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/ui/Spinner.tsx";
import { useMe } from "../lib/session.ts";
import { useProfileLanguage } from "../lib/use-profile-language.ts";
import { TWO_FACTOR_SETUP_PATH, twoFactorSetupFor } from "./navigation.ts";

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
 * /get-started for someone who belongs to no organization yet, the two-factor set-up page
 * for a member whose organization requires it. A refused (429) session check waits and asks
 * again instead of signing out (issue 14).
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const { isLoading, signedIn, me, rateLimited } = useMe();
  useProfileLanguage(me);
  const location = useLocation();
  if (rateLimited) return <LoadingScreen label={t("guard.rateLimited")} />;
  if (isLoading) return <LoadingScreen label={t("guard.verifying")} />;
  if (!signedIn || !me)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  const allowedWithout = WITHOUT_ORGANIZATION.some((p) => location.pathname.startsWith(p));
  if (!me.organization && !allowedWithout) {
    return <Navigate to={me.user.accountType === "admin" ? "/get-started" : "/join-org"} replace />;
  }
  if (
    me.organization?.requireTwoFactor &&
    !me.user.twoFactorEnabled &&
    location.pathname !== TWO_FACTOR_SETUP_PATH
  ) {
    return <Navigate to={twoFactorSetupFor(location)} replace />;
  }
  return <Outlet />;
}
