import type Stripe from "stripe";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";

/** Stripe's own tolerance: a signature older (or, here, newer) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks the signature over the exact bytes and the signed timestamp on both sides: Stripe's
 * SDK refuses only old timestamps, and a signed event from the future is a replay in waiting.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  body: Buffer,
  signature: string,
  secret: string,
  now = Date.now(),
): Stripe.Event {
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError(400, "VALIDATION_FAILED", "Invalid Stripe signature.");
  }
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError(400, "VALIDATION_FAILED", "Invalid Stripe signature.");
  }
  return parseStripeEvent(event);
}

const ZStripeId = z.string().min(1).max(255);
const ZRef = z.union([ZStripeId, z.looseObject({ id: ZStripeId })]).nullish();
const ZMetadata = z.record(z.string(), z.string().max(500)).nullish();
const ZUnix = z.number().int().nonnegative().max(32_503_680_000);

const ZCheckoutObject = z.looseObject({
  id: ZStripeId,
  customer: ZRef,
  subscription: ZRef,
  metadata: ZMetadata,
});

const ZSubscriptionObject = z.looseObject({
  id: ZStripeId,
  customer: ZRef,
  status: z.string().max(40),
  metadata: ZMetadata,
  items: z
    .looseObject({ data: z.array(z.looseObject({ current_period_end: ZUnix.nullish() })) })
    .nullish(),
  current_period_end: ZUnix.nullish(),
  trial_end: ZUnix.nullish(),
  cancel_at_period_end: z.boolean().nullish(),
});

const ZInvoiceObject = z.looseObject({
  id: ZStripeId.nullish(),
  customer: ZRef,
  amount_paid: z.number().int().nonnegative().max(1e12),
  hosted_invoice_url: z.string().max(2048).nullish(),
  created: ZUnix.nullish(),
  subscription: ZRef,
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ metadata: ZMetadata, subscription: ZRef }).nullish(),
    })
    .nullish(),
  lines: z.looseObject({
    data: z.array(z.looseObject({ period: z.looseObject({ end: ZUnix.nullish() }).nullish() })),
  }),
});

const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  "checkout.session.completed": ZCheckoutObject,
  "customer.subscription.created": ZSubscriptionObject,
  "customer.subscription.updated": ZSubscriptionObject,
  "customer.subscription.deleted": ZSubscriptionObject,
  "customer.subscription.trial_will_end": ZSubscriptionObject,
  "invoice.paid": ZInvoiceObject,
  "invoice.payment_failed": ZInvoiceObject,
};

const ZEvent = z.looseObject({
  id: ZStripeId,
  type: z.string().min(1).max(100),
  created: ZUnix,
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * A signed event is still only trusted as far as its shape: every field the handlers read is
 * checked here, so an odd one is a 400 and not a crash halfway through.
 */
export function parseStripeEvent(input: unknown): Stripe.Event {
  const event = ZEvent.safeParse(input);
  const schema = event.success ? OBJECT_SCHEMAS[event.data.type] : undefined;
  if (!event.success || (schema && !schema.safeParse(event.data.data.object).success)) {
    throw new AppError(400, "VALIDATION_FAILED", "This Stripe event is not in a known shape.");
  }
  return input as Stripe.Event;
}

/** Only https links are kept (an invoice link is shown to admins as a link). */
export function httpsUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}
