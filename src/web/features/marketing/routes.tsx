import type { RouteObject } from "react-router";
import { PackageIds, setupRoute } from "../../../shared/plan-ids.ts";
import { HomePage } from "./pages/HomePage.tsx";
import { RootPage } from "./pages/RootPage.tsx";

export { watchPendingChoice } from "./pending-choice.ts";

/**
 * The public site. The landing page is in the first load (kept under the 150 kB budget,
 * `npm run size`); every other page loads on demand.
 */
export const marketingRoutes: RouteObject[] = [
  { path: "/", element: <RootPage /> },
  { path: "/home", element: <HomePage /> },
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
