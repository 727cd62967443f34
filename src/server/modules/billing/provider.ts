import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { PriceLine } from "../../db/column-types.ts";

export type { PriceLine };

/**
 * The payment provider behind checkout (product-decisions.md 21): Stripe when STRIPE_SECRET_KEY is
 * set, otherwise the built-in test mode whose own checkout page completes or cancels the same
 * flow. Amounts are whole USD from the catalogue; nothing here takes a price from a client.
 */
export interface CheckoutInput {
  lines: PriceLine[];
  trialDays: number | null;
  customerEmail: string;
  customerId: string | null;
  metadata: Record<string, string>;
  /** Contains {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  kind: "stripe" | "test";
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Where an admin manages payment details and invoices. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Ends a subscription replaced by a newer checkout (plan change). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** A website build paid over time: the monthly payments stop after `months`. */
  endAfterMonths(subscriptionId: string, months: number): Promise<void>;
}

export interface BillingConfig {
  APP_URL: string;
  BILLING_MODE?: "stripe" | "test" | "off" | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_BASE?: string | undefined;
}

/** A Stripe client; STRIPE_API_BASE (tests) points it at another host through host/port/protocol. */
export function stripeClient(config: BillingConfig): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 0, telemetry: false };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.port = Number(base.port || (base.protocol === "https:" ? 443 : 80));
    options.protocol = base.protocol === "https:" ? "https" : "http";
  }
  // Webhook verification needs no key; a placeholder keeps the client usable for it alone.
  return new Stripe(config.STRIPE_SECRET_KEY ?? "sk_unset_webhooks_only", options);
}

export function stripeProvider(stripe: Stripe): BillingProvider {
  const priceIds = new Map<string, string>();

  async function resolvePrices(lines: PriceLine[]): Promise<string[]> {
    const missing = [...new Set(lines.map((l) => l.lookupKey))].filter((k) => !priceIds.has(k));
    if (missing.length > 0) {
      const found = await stripe.prices.list({ lookup_keys: missing, active: true, limit: 100 });
      for (const price of found.data) {
        if (price.lookup_key) priceIds.set(price.lookup_key, price.id);
      }
    }
    for (const line of lines) {
      if (priceIds.has(line.lookupKey)) continue;
      const price = await stripe.prices.create({
        currency: "usd",
        unit_amount: line.amount * 100,
        lookup_key: line.lookupKey,
        ...(line.interval ? { recurring: { interval: line.interval } } : {}),
        product_data: { name: line.name },
      });
      priceIds.set(line.lookupKey, price.id);
    }
    return lines.map((l) => priceIds.get(l.lookupKey) as string);
  }

  return {
    kind: "stripe",
    async createCheckout(input) {
      const prices = await resolvePrices(input.lines);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: prices.map((price) => ({ price, quantity: 1 })),
        ...(input.customerId
          ? { customer: input.customerId }
          : { customer_email: input.customerEmail }),
        metadata: input.metadata,
        // A trial starts without a card (product-decisions.md 21); Stripe asks for one when money is due.
        ...(input.trialDays ? { payment_method_collection: "if_required" as const } : {}),
        subscription_data: {
          metadata: input.metadata,
          ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      // The buyer is sent there: only an https page of Stripe's will do.
      if (!session.url?.startsWith("https://")) {
        throw new Error("Stripe returned a checkout session without an https url");
      }
      return { id: session.id, url: session.url };
    },
    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async endAfterMonths(subscriptionId, months) {
      const end = new Date();
      end.setMonth(end.getMonth() + months);
      await stripe.subscriptions.update(subscriptionId, {
        cancel_at: Math.floor(end.getTime() / 1000),
      });
    },
  };
}

/** Test mode: the checkout and portal are pages of this app, labelled 'Test mode: no real payment'. */
export function testModeProvider(appUrl: string): BillingProvider {
  return {
    kind: "test",
    async createCheckout() {
      const id = `cs_test_local_${randomUUID().replaceAll("-", "")}`;
      return { id, url: `${appUrl}/billing/test-checkout/${id}` };
    },
    async portalUrl() {
      return `${appUrl}/billing/test-portal`;
    },
    async cancelSubscription() {},
    async endAfterMonths() {},
  };
}

/**
 * BILLING_MODE decides (env.ts); without it (tests, older callers) a key means Stripe. A
 * configured "test" never becomes Stripe by accident, and "stripe" never falls back to test.
 */
export function createBillingProvider(config: BillingConfig): BillingProvider {
  const mode = config.BILLING_MODE ?? (config.STRIPE_SECRET_KEY ? "stripe" : "test");
  if (mode === "stripe" && !config.STRIPE_SECRET_KEY) {
    throw new Error("BILLING_MODE=stripe needs STRIPE_SECRET_KEY");
  }
  return mode === "stripe"
    ? stripeProvider(stripeClient(config))
    : testModeProvider(config.APP_URL);
}
