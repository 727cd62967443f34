import type { RouteObject } from "react-router";
import { PackageIds, setupRoute } from "../../../shared/plan-ids.ts";

export { watchPendingChoice } from "./pending-choice.ts";

/**
 * The public site in the app. Its pages are pre-rendered with their own entry (site-main.tsx,
 * whose first load `npm run size` counts); here every page, the landing page too, loads on
 * demand, so that a signed-in page's first load carries none of them (decision 033: the
 * member's dashboard had the landing page in its 200 kB).
 */
export const marketingRoutes: RouteObject[] = [
  {
    path: "/",
    lazy: async () => ({ Component: (await import("./pages/RootPage.tsx")).RootPage }),
  },
  {
    path: "/home",
    lazy: async () => ({ Component: (await import("./pages/HomePage.tsx")).HomePage }),
  },
  {
    path: "/platform-plans",
    lazy: async () => ({
      Component: (await import("./pages/PlatformPlansPage.tsx")).PlatformPlansPage,
    }),
  },
  {
    path: "/website-packages",
    lazy: async () => ({
      Component: (await import("./pages/WebsitePackagesPage.tsx")).WebsitePackagesPage,
    }),
  },
  {
    path: "/security",
    lazy: async () => ({ Component: (await import("./pages/SecurityPage.tsx")).SecurityPage }),
  },
  {
    path: "/contact",
    lazy: async () => ({ Component: (await import("./pages/ContactPage.tsx")).ContactPage }),
  },
  // product-decisions.md 22: a set-up intake page for each of the nine packages.
  ...PackageIds.map(
    (id): RouteObject => ({
      path: setupRoute(id),
      lazy: async () => {
        const { WebsiteSetupPage } = await import("./pages/WebsiteSetupPage.tsx");
        return { element: <WebsiteSetupPage packageId={id} /> };
      },
    }),
  ),
];
