import { useQuery } from "@tanstack/react-query";
import { pricingQuery, siteInfoQuery, viewerQuery } from "../queries.ts";

export const usePricing = () => useQuery(pricingQuery());

export const useSiteInfo = () => useQuery(siteInfoQuery());

/** Whether the visitor is signed in, for the public header; unknown counts as signed out. */
export function useSignedIn(): boolean {
  return useQuery(viewerQuery()).data === true;
}
