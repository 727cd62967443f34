import { useQuery } from "@tanstack/react-query";
import { PRICING_CACHE_MS } from "../../../../shared/price-math.ts";
import type { TPricingResponse } from "../../../../shared/schemas/pricing.ts";
import type { TSiteInfo } from "../../../../shared/schemas/public-site.ts";

/**
 * The landing page's reads. Deliberately a bare fetch rather than lib/api.ts: that helper parses
 * errors with zod, and zod would more than fill the landing page's JavaScript budget. The forms
 * (loaded on demand) use lib/api.ts.
 */
async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return (await response.json()) as T;
}

export const pricingQueryKey = ["/api/pricing-plans"] as const;

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

export function usePricing() {
  return useQuery({
    queryKey: pricingQueryKey,
    queryFn: () => fetchPricing(),
    staleTime: PRICING_CACHE_MS,
    refetchOnWindowFocus: false,
  });
}

/** Pre-rendered pages carry a build-time answer; the browser asks the server after hydration. */
export const siteInfoQueryKey = ["/api/site-info"];

export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: () => getJson<TSiteInfo>("/api/site-info"),
    staleTime: PRICING_CACHE_MS,
  });
}

/** Whether the visitor is signed in (always a 200, so nothing is logged as an error). */
export async function fetchSignedIn(): Promise<boolean> {
  const { signedIn } = await getJson<{ signedIn: boolean }>("/api/viewer");
  return signedIn;
}

/**
 * Whether the visitor is signed in, for the public header (GET /api/viewer). Asked again on
 * each public page so that signing in or out elsewhere shows; unknown counts as signed out.
 */
export function useSignedIn(): boolean {
  const viewer = useQuery({ queryKey: ["/api/viewer"], queryFn: fetchSignedIn, staleTime: 0 });
  return viewer.data === true;
}
