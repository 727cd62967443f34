import { queryOptions } from "@tanstack/react-query";
import { PRICING_CACHE_MS } from "../../../shared/price-math.ts";
import type { TPackageId, TPricingResponse } from "../../../shared/schemas/pricing.ts";
import type { TSiteInfo } from "../../../shared/schemas/public-site.ts";

/**
 * The public site's keys and reads. The reads are a bare fetch rather than lib/api.ts: that
 * helper parses errors with zod, and zod would more than fill the landing page's JavaScript
 * budget. The forms and the set-up page (loaded on demand) use lib/api.ts.
 */
export const marketingKeys = {
  /** Also filled by the build's pre-render (scripts/build/prerender-entry.tsx). */
  pricing: ["/api/pricing-plans"] as const,
  /** Pre-rendered pages carry a build-time answer; the browser asks the server after hydration. */
  siteInfo: ["/api/site-info"] as const,
  viewer: ["/api/viewer"] as const,
  websiteSetup: (packageId: TPackageId) => ["/api/website-setup", packageId] as const,
};

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return (await response.json()) as T;
}

/** The catalogue, kept 5 minutes; `refresh` asks the server for a fresh copy. */
export async function fetchPricing(refresh = false): Promise<TPricingResponse> {
  try {
    return await getJson<TPricingResponse>(
      refresh ? "/api/pricing-plans?refresh=true" : "/api/pricing-plans",
    );
  } catch {
    throw new Error("Failed to fetch pricing plans");
  }
}

export const pricingQuery = () =>
  queryOptions({
    queryKey: marketingKeys.pricing,
    queryFn: () => fetchPricing(),
    staleTime: PRICING_CACHE_MS,
    refetchOnWindowFocus: false,
  });

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: marketingKeys.siteInfo,
    queryFn: () => getJson<TSiteInfo>("/api/site-info"),
    staleTime: PRICING_CACHE_MS,
  });

/** Whether the visitor is signed in (always a 200, so nothing is logged as an error). */
export async function fetchSignedIn(): Promise<boolean> {
  const { signedIn } = await getJson<{ signedIn: boolean }>("/api/viewer");
  return signedIn;
}

/** Asked again on each public page, so that signing in or out elsewhere shows. */
export const viewerQuery = () =>
  queryOptions({ queryKey: marketingKeys.viewer, queryFn: fetchSignedIn, staleTime: 0 });
