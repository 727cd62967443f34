import { PackageIds, setupRoute } from "./plan-ids.ts";

/**
 * Every path the web app's router has a page for (src/web/app/router.tsx and the feature
 * route files; a unit test keeps the two in step). The server answers other paths with the
 * app's 404 page and HTTP status 404 (issue 14), so that links checkers and search engines see
 * a missing page as missing.
 */
const EXACT = new Set<string>([
  "/",
  "/home",
  "/platform-plans",
  "/website-packages",
  "/security",
  "/contact",
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/simple-reset-password",
  "/direct-reset",
  "/reset-password-manual",
  "/profile",
  "/accept-invite",
  "/get-started",
  "/join-org",
  "/two-factor-setup",
  "/onboarding/complete",
  "/onboarding/cancelled",
  "/billing/test-portal",
  "/dashboard",
  "/submit-grievance",
  "/grievances",
  "/deadlines",
  "/reports",
  "/documents",
  "/announcements",
  "/directory",
  "/roster",
  "/settings",
  "/settings/billing",
  "/organization-setup",
  ...PackageIds.map(setupRoute),
]);

/** Paths with one parameter segment: /grievances/:id and the like. */
const WITH_PARAMETER = ["/grievances/", "/grievance/", "/billing/test-checkout/", "/respond/"];

export function isKnownPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (EXACT.has(path)) return true;
  return WITH_PARAMETER.some((prefix) => {
    if (!path.startsWith(prefix)) return false;
    const rest = path.slice(prefix.length);
    return rest.length > 0 && !rest.includes("/");
  });
}
