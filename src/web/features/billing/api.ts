import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api.ts";
import { billingKeys, billingQuery, checkoutSessionQuery, testCheckoutQuery } from "./queries.ts";

export const useBilling = () => useQuery(billingQuery());

export const useCheckoutSession = (id: string | null) => useQuery(checkoutSessionQuery(id));

export const useTestCheckout = (id: string) => useQuery(testCheckoutQuery(id));

export function useFinishTestCheckout(id: string) {
  return useMutation({
    mutationFn: (outcome: "complete" | "cancel") =>
      apiRequest<{ url: string }>(
        `/api/billing/test-checkout/${encodeURIComponent(id)}/${outcome}`,
        { method: "POST", body: {} },
      ),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>("/api/billing/portal", { method: "POST", body: {} }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useCancelTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<Record<string, never>>("/api/billing/test-portal/cancel", {
        method: "POST",
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.overview }),
  });
}
