import { z } from "zod";
import { ZBillingCycle, ZPackageId, ZPlanId } from "./pricing.ts";

/**
 * Billing API shapes (issue 8). The client names what it wants to buy; every amount comes
 * from the catalogue on the server (src/shared/plans.ts), so nothing here carries a price.
 */
export const ZCheckoutRequest = z.object({
  planId: ZPlanId.optional(),
  billingCycle: ZBillingCycle.default("monthly"),
  isFoundersPlan: z.boolean().optional(),
  packageId: ZPackageId.optional(),
  paymentOption: z.enum(["setup-monthly", "pay-over-time"]).optional(),
  addOns: z
    .array(z.string().max(64, "Choose add-ons from the package's list."))
    .max(20, "Choose at most 20 add-ons.")
    .optional(),
});
export type TCheckoutRequest = z.input<typeof ZCheckoutRequest>;

export const ZCheckoutUrl = z.object({ url: z.string() });

/** Each amount charged today, named ('Set-up', 'First month of hosting'): price-math.ts chargeSummary. */
export const ZChargeItem = z.object({ label: z.string(), amount: z.number().int() });

/** A checkout's charges as every screen shows them (src/shared/price-math.ts chargeSummary). */
export const ZCharges = z.object({
  today: z.array(ZChargeItem),
  /** Whole USD charged on completing checkout. */
  dueToday: z.number().int(),
  /** The recurring total that follows. */
  recurring: z.number().int(),
  interval: z.enum(["month", "year"]).nullable(),
  /** Payments in all when they stop (12 for a build paid over time); null while hosted. */
  months: z.number().int().nullable(),
  firstPeriodToday: z.boolean(),
});
export type TCharges = z.infer<typeof ZCharges>;

/** A website package bought through checkout, as the buyer and the billing page see it. */
export const ZPurchasedPackage = z.object({
  /** The checkout session that bought it. */
  sessionId: z.string(),
  packageId: ZPackageId,
  name: z.string(),
  /** Where the buyer tells us what to build (product-decisions.md 22). */
  setupRoute: z.string(),
  /** What was charged: '$150 down + $50/month for 12 months'. */
  payment: z.string(),
  /** The payment option bought: 'One-time setup + monthly hosting' or 'Pay over time'. */
  paymentOption: z.string(),
  /** What was charged at purchase and what follows, from the session's line items. */
  charges: ZCharges,
  addOns: z.array(z.string()),
  purchasedAt: z.string().nullable(),
});
export type TPurchasedPackage = z.infer<typeof ZPurchasedPackage>;

export const ZCheckoutSession = z.object({
  id: z.string(),
  status: z.enum(["open", "complete", "canceled"]),
  kind: z.enum(["plan", "founders", "package"]),
  metadata: z.object({ planName: z.string(), billingCycle: ZBillingCycle }),
  /** Set when the checkout bought a website package. */
  package: ZPurchasedPackage.nullable(),
  /** Days of free trial before the first charge; null without a trial. */
  trialDays: z.number().int().nullable(),
  /** Whole USD charged on completing (0: a trial start, nothing paid yet). */
  dueToday: z.number().int(),
  /** The same, named line by line, and what follows. */
  charges: ZCharges,
});
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

export const ZLineItem = z.object({
  name: z.string(),
  /** Whole USD. */
  amount: z.number().int(),
  interval: z.enum(["month", "year"]).nullable(),
  /** Monthly payments that stop after this many months (a website paid over time). */
  months: z.number().int().nullable(),
  /** How it is named when charged today ('Set-up', 'First month of hosting'). */
  todayLabel: z.string().optional(),
});
export type TLineItem = z.infer<typeof ZLineItem>;

/** The test-mode checkout page's view of a session. */
export const ZTestCheckout = z.object({
  id: z.string(),
  status: z.enum(["open", "complete", "canceled"]),
  planName: z.string(),
  billingCycle: ZBillingCycle,
  trialDays: z.number().int().nullable(),
  /** Whole USD charged on completing: 0 when a trial comes first and nothing is one-time. */
  dueToday: z.number().int(),
  /** When the trial would end if completed now; null without a trial. */
  trialEndsAt: z.string().nullable(),
  lineItems: z.array(ZLineItem),
});
export type TTestCheckout = z.infer<typeof ZTestCheckout>;

export const ZSubscriptionStatus = z.enum(["trialing", "active", "past_due", "canceled"]);

export const ZInvoice = z.object({
  id: z.string(),
  /** Whole USD cents paid. */
  amountPaid: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
  createdAt: z.string(),
});

export const ZBillingOverview = z.object({
  provider: z.enum(["stripe", "test"]),
  plan: z.string(),
  planName: z.string(),
  billingCycle: ZBillingCycle,
  status: ZSubscriptionStatus,
  /**
   * Whether a provider subscription stands behind the status. False during the no-card trial
   * every organization starts with: nothing is charged unless an admin keeps a plan.
   */
  subscribed: z.boolean(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whole USD of the next charge, from the catalogue, or null when none is due. */
  nextChargeAmount: z.number().int().nullable(),
  nextChargeAt: z.string().nullable(),
  /** 'canceled', 'lapsed' or 'archived' when the organization is read-only. */
  writeLock: z.string().nullable(),
  /** Members and open invitations, and how many are stewards: a smaller plan must hold them. */
  usage: z.object({ users: z.number().int(), stewards: z.number().int() }),
  invoices: z.array(ZInvoice),
  /** Website packages bought through checkout, newest first. */
  websitePackages: z.array(ZPurchasedPackage),
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

export const BillingMessages = {
  checkoutFailed: "Failed to create checkout session",
  paymentProcessFailed: "Something went wrong with the payment process",
  sessionFetchFailed: "Could not fetch payment details. Our team has been notified.",
  paymentSuccessful: "Payment successful!",
  trialStarted: "Your trial has started",
  testMode: "Test mode: no real payment",
  createOrganizationFirst: "Create your organization first, then choose its plan.",
} as const;
