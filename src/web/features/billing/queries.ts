import { queryOptions } from "@tanstack/react-query";
import type {
  TBillingOverview,
  TCheckoutSession,
  TTestCheckout,
} from "../../../shared/schemas/billing.ts";
import { apiRequest } from "../../lib/api.ts";

export const billingKeys = {
  overview: ["/api/billing"] as const,
  checkoutSession: (id: string | null) => ["/api/checkout-session", id] as const,
  testCheckout: (id: string) => ["/api/billing/test-checkout", id] as const,
};

export const billingQuery = () =>
  queryOptions({
    queryKey: billingKeys.overview,
    queryFn: () => apiRequest<TBillingOverview>("/api/billing"),
  });

export const checkoutSessionQuery = (id: string | null) =>
  queryOptions({
    queryKey: billingKeys.checkoutSession(id),
    queryFn: () =>
      apiRequest<TCheckoutSession>(`/api/checkout-session/${encodeURIComponent(id ?? "")}`),
    enabled: id !== null && id !== "",
    retry: false,
  });

export const testCheckoutQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.testCheckout(id),
    queryFn: () =>
      apiRequest<TTestCheckout>(`/api/billing/test-checkout/${encodeURIComponent(id)}`),
    retry: false,
  });
