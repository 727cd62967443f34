import { lazy, Suspense } from "react";
import { useSiteInfo } from "../api/public-api.ts";
import { HomePage } from "./HomePage.tsx";

const AccessGatePage = lazy(async () => ({
  default: (await import("./AccessGatePage.tsx")).AccessGatePage,
}));

/**
 * `/` (product-decisions.md 23): the access gate when SITE_ACCESS_CODE is set, otherwise the landing
 * page. If the server cannot be asked, the landing page shows: /home is public anyway.
 */
export function RootPage() {
  const site = useSiteInfo();
  if (site.isPending) return <div className="min-h-screen" aria-busy="true" />;
  if (site.data?.accessGate) {
    return (
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <AccessGatePage />
      </Suspense>
    );
  }
  return <HomePage />;
}
