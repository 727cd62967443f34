import type { RouteObject } from "react-router";

/** Billing pages (issue 8) for someone signed in, with or without an organization yet. */
export const billingOnboardingRoutes: RouteObject[] = [
  {
    path: "/onboarding/complete",
    lazy: async () => ({
      Component: (await import("./pages/OnboardingCompletePage.tsx")).OnboardingCompletePage,
    }),
  },
  {
    path: "/onboarding/cancelled",
    lazy: async () => ({
      Component: (await import("./pages/OnboardingCancelledPage.tsx")).OnboardingCancelledPage,
    }),
  },
  {
    // Test mode's own checkout (no STRIPE_SECRET_KEY).
    path: "/billing/test-checkout/:id",
    lazy: async () => ({
      Component: (await import("./pages/TestCheckoutPage.tsx")).TestCheckoutPage,
    }),
  },
];

/** Billing pages inside the portal (admins). */
export const billingPortalRoutes: RouteObject[] = [
  {
    path: "/settings/billing",
    lazy: async () => ({ Component: (await import("./pages/BillingPage.tsx")).BillingPage }),
  },
  {
    path: "/billing/test-portal",
    lazy: async () => ({
      Component: (await import("./pages/TestPortalPage.tsx")).TestPortalPage,
    }),
  },
];
