import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TBillingOverview,
  TCheckoutSession,
  TTestCheckout,
} from "../../../shared/schemas/billing.ts";
import { apiRequest } from "../../lib/api.ts";

export const billingQueryKey = ["/api/billing"] as const;

export function useBilling() {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: () => apiRequest<TBillingOverview>("/api/billing"),
  });
}

export function useCheckoutSession(id: string | null) {
  return useQuery({
    queryKey: ["/api/checkout-session", id],
    queryFn: () =>
      apiRequest<TCheckoutSession>(`/api/checkout-session/${encodeURIComponent(id ?? "")}`),
    enabled: id !== null && id !== "",
    retry: false,
  });
}

export function useTestCheckout(id: string) {
  return useQuery({
    queryKey: ["/api/billing/test-checkout", id],
    queryFn: () =>
      apiRequest<TTestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(id)}`),
    retry: false,
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
