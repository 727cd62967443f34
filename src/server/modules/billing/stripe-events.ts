import type Stripe from "stripe";
import { isPlanId } from "../../../shared/plans.ts";
import type { DB } from "../../db/connection.ts";
import { isUuid } from "../../lib/pagination.ts";
import { completeSession, findSession, type ProviderCall } from "./checkout.ts";
import type { BillingContext } from "./service.ts";
import {
  applyStateChange,
  notifyAdmins,
  organizationOfCustomer,
  recordInvoice,
  type SubscriptionStatus,
} from "./state.ts";
import { httpsUrlOrNull } from "./webhook.ts";

/**
 * Stripe's events mapped onto the organization's billing state (state.ts): a completed
 * checkout, subscription changes, the trial's end and invoices. The events' shape was checked
 * by webhook.ts.
 */

const STATUS: Record<string, SubscriptionStatus> = {
  trialing: "trialing",
  active: "active",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete: "past_due",
  paused: "past_due",
  incomplete_expired: "canceled",
  canceled: "canceled",
};

const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === "string" ? v : v.id;

async function orgOf(
  db: DB,
  metadata: Record<string, string> | null | undefined,
  customer: string | null,
): Promise<string | null> {
  const fromMeta = metadata?.organizationId;
  if (fromMeta) return isUuid(fromMeta) ? fromMeta : null;
  return customer ? organizationOfCustomer(db, customer) : null;
}

/**
 * Applies one verified event exactly once: its id is stored and its effects applied in one
 * transaction, so a failure leaves neither, and a retry that arrives during the first attempt
 * waits on the id's unique index until that attempt commits (then it is a duplicate) or rolls
 * back (then it applies). Calls to Stripe are made after the commit, never inside it.
 */
export async function handleStripeEvent(
  ctx: BillingContext,
  event: Stripe.Event,
  onProviderError: (error: unknown) => void = () => undefined,
): Promise<"applied" | "duplicate"> {
  const after: ProviderCall[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("billingEvents")
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000) })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!stored) return "duplicate" as const;
    await applyEvent({ ...ctx, db: trx }, event, after);
    return "applied" as const;
  });
  for (const call of after) {
    // Both calls only tidy up at Stripe (end a replaced subscription, stop instalments);
    // the organization's state is already right and stays so.
    await call().catch(onProviderError);
  }
  return result;
}

async function applyEvent(
  ctx: BillingContext,
  event: Stripe.Event,
  after: ProviderCall[],
): Promise<void> {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed": {
      const cs = event.data.object;
      const s = await findSession(ctx.db, cs.id);
      if (!s) return;
      const installments = Number(cs.metadata?.installments);
      await completeSession(
        ctx,
        s,
        {
          eventAt,
          customerId: idOf(cs.customer),
          subscriptionId: idOf(cs.subscription),
          installments: Number.isInteger(installments) && installments > 0 ? installments : null,
        },
        after,
      );
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = event.data.object;
      const customerId = idOf(sub.customer);
      const organizationId = await orgOf(ctx.db, sub.metadata, customerId);
      if (!organizationId) return;
      const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
      const legacy = sub as unknown as { current_period_end?: number };
      const periodEnd = item?.current_period_end ?? legacy.current_period_end;
      const planId = sub.metadata?.planId;
      const cycle = sub.metadata?.billingCycle;
      await applyStateChange(ctx.db, organizationId, {
        eventAt,
        subscriptionId: sub.id,
        customerId,
        status:
          event.type === "customer.subscription.deleted"
            ? "canceled"
            : (STATUS[sub.status] ?? "past_due"),
        plan: planId && isPlanId(planId) ? planId : null,
        billingCycle: cycle === "yearly" || cycle === "monthly" ? cycle : null,
        trialEndsAt: sub.trial_end ? fromUnix(sub.trial_end) : undefined,
        currentPeriodEnd: periodEnd ? fromUnix(periodEnd) : undefined,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        // The creation event can come before the checkout's: the checkout's metadata names it.
        adopt: event.type === "customer.subscription.created" && !!sub.metadata?.organizationId,
      });
      return;
    }
    case "customer.subscription.trial_will_end": {
      const sub = event.data.object;
      const organizationId = await orgOf(ctx.db, sub.metadata, idOf(sub.customer));
      if (organizationId) {
        await notifyAdmins(ctx.db, ctx.appUrl, organizationId, "trial_will_end", {
          date: fromUnix(sub.trial_end),
        });
      }
      return;
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const customerId = idOf(invoice.customer);
      const parent = invoice.parent?.subscription_details;
      const organizationId = await orgOf(ctx.db, parent?.metadata ?? null, customerId);
      if (!organizationId || !invoice.id) return;
      const paid = event.type === "invoice.paid";
      await recordInvoice(ctx.db, organizationId, {
        id: invoice.id,
        amountPaid: paid ? invoice.amount_paid : 0,
        status: paid ? "paid" : "payment_failed",
        url: httpsUrlOrNull(invoice.hosted_invoice_url),
        createdAt: fromUnix(invoice.created) ?? eventAt,
      });
      const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
      const subscriptionId = idOf(parent?.subscription ?? legacy.subscription);
      if (!subscriptionId) return;
      const periodEnd = Math.max(0, ...invoice.lines.data.map((l) => l.period?.end ?? 0));
      const { applied } = await applyStateChange(ctx.db, organizationId, {
        eventAt,
        subscriptionId,
        customerId,
        status: paid ? (invoice.amount_paid > 0 ? "active" : undefined) : "past_due",
        currentPeriodEnd: paid && periodEnd ? fromUnix(periodEnd) : undefined,
      });
      if (!paid && applied) {
        await notifyAdmins(ctx.db, ctx.appUrl, organizationId, "payment_failed", {
          date: eventAt,
        });
      }
      return;
    }
    default:
      return;
  }
}
