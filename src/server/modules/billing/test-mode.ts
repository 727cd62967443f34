import { AppError, notFound } from "../../lib/errors.ts";
import { amountDueToday } from "./catalogue.ts";
import { completeSession, DAY, ownSession, sessionPlanName } from "./checkout.ts";
import type { BillingContext } from "./service.ts";
import { applyStateChange, readOrgBilling, recordInvoice } from "./state.ts";

/**
 * Test mode (no STRIPE_SECRET_KEY): the app's own checkout and portal pages stand in for
 * Stripe's, and do to the organization what Stripe's events would.
 */

/** Test mode: what the checkout page shows. */
export async function readTestCheckout(ctx: BillingContext, userId: string, id: string) {
  if (ctx.provider.kind !== "test") throw notFound("Checkout session not found.");
  const s = await ownSession(ctx.db, userId, id);
  return {
    id: s.id,
    status: s.status,
    planName: sessionPlanName(s),
    billingCycle: s.billingCycle,
    trialDays: s.trialDays,
    dueToday: amountDueToday(s.lineItems, s.trialDays),
    // Were the trial to start now: completing the page starts it.
    trialEndsAt: s.trialDays ? new Date(Date.now() + s.trialDays * DAY).toISOString() : null,
    lineItems: s.lineItems.map((l) => ({
      name: l.name,
      amount: l.amount,
      interval: l.interval,
      months: l.months ?? null,
      ...(l.todayLabel ? { todayLabel: l.todayLabel } : {}),
    })),
  };
}

/** Test mode: 'Pay' on the checkout page does what Stripe's completion event does. */
export async function finishTestCheckout(
  ctx: BillingContext,
  userId: string,
  id: string,
  outcome: "complete" | "cancel",
): Promise<{ url: string }> {
  if (ctx.provider.kind !== "test") throw notFound("Checkout session not found.");
  const s = await ownSession(ctx.db, userId, id);
  if (s.status !== "open") throw new AppError(409, "CONFLICT", "This checkout is already closed.");
  if (outcome === "cancel") {
    await ctx.db
      .updateTable("checkoutSessions")
      .set({ status: "canceled" })
      .where("id", "=", id)
      .execute();
    return { url: s.cancelUrl };
  }
  const now = new Date();
  const customerId = s.organizationId ? `cus_test_${s.organizationId}` : null;
  await completeSession(
    ctx,
    s,
    { eventAt: now, customerId, subscriptionId: `sub_test_${id.slice(-24)}`, installments: null },
    [], // the test-mode provider has nothing to call
  );
  if (s.organizationId) {
    const dueNow = amountDueToday(s.lineItems, s.trialDays);
    const periodEnd = new Date(now);
    if (s.trialDays) periodEnd.setTime(now.getTime() + s.trialDays * DAY);
    else if (s.billingCycle === "yearly") periodEnd.setFullYear(now.getFullYear() + 1);
    else periodEnd.setMonth(now.getMonth() + 1);
    if (s.kind !== "package") {
      await applyStateChange(ctx.db, s.organizationId, {
        eventAt: now,
        subscriptionId: `sub_test_${id.slice(-24)}`,
        currentPeriodEnd: periodEnd,
      });
    }
    await recordInvoice(ctx.db, s.organizationId, {
      id: `in_test_${id.slice(-24)}`,
      amountPaid: dueNow * 100,
      status: "paid",
      url: null,
      createdAt: now,
    });
  }
  return { url: s.successUrl };
}

/** Test mode's stand-in for the customer portal: cancel the subscription. */
export async function cancelTestSubscription(ctx: BillingContext, organizationId: string) {
  if (ctx.provider.kind !== "test") throw notFound();
  const org = await readOrgBilling(ctx.db, organizationId);
  if (!org?.billingSubscriptionId) {
    throw new AppError(409, "CONFLICT", "This organization has no paid subscription to cancel.");
  }
  await applyStateChange(ctx.db, organizationId, {
    eventAt: new Date(),
    subscriptionId: org.billingSubscriptionId,
    status: "canceled",
  });
}
