import type { ComponentType } from "react";

interface SitePage {
  /** The page's module under src/web, as the build's manifest names it (prerender.ts). */
  source: string;
  load: () => Promise<ComponentType>;
}

/**
 * The public pages pre-rendered at build (issue 15) and hydrated by the public site's entry
 * (site-main.tsx); every other path gets the portal's empty shell. Each page's code is its own
 * file, which the page's HTML preloads.
 */
export const SITE_PAGES: Record<string, SitePage> = {
  "/home": {
    source: "features/marketing/pages/HomePage.tsx",
    load: async () => (await import("../features/marketing/pages/HomePage.tsx")).HomePage,
  },
  "/platform-plans": {
    source: "features/marketing/pages/PlatformPlansPage.tsx",
    load: async () =>
      (await import("../features/marketing/pages/PlatformPlansPage.tsx")).PlatformPlansPage,
  },
  "/website-packages": {
    source: "features/marketing/pages/WebsitePackagesPage.tsx",
    load: async () =>
      (await import("../features/marketing/pages/WebsitePackagesPage.tsx")).WebsitePackagesPage,
  },
  "/security": {
    source: "features/marketing/pages/SecurityPage.tsx",
    load: async () => (await import("../features/marketing/pages/SecurityPage.tsx")).SecurityPage,
  },
  "/contact": {
    source: "features/marketing/pages/ContactPage.tsx",
    load: async () => (await import("../features/marketing/pages/ContactPage.tsx")).ContactPage,
  },
};
