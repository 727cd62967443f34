import { sql } from "kysely";
import type Stripe from "stripe";
import { chargeSummary } from "../../../shared/charges.ts";
import { can } from "../../../shared/permissions.ts";
import {
  getPlan,
  isPlanId,
  type PlanUsage,
  planChangeBlocker,
  TRIAL_DAYS,
} from "../../../shared/plans.ts";
import {
  BillingMessages,
  type TBillingOverview,
  type TCheckoutSession,
} from "../../../shared/schemas/billing.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { isUuid } from "../../lib/pagination.ts";
import { organizationWriteLock } from "../../lib/tenancy/write-lock.ts";
import { findTenant, type SessionUser } from "../../plugins/access.ts";
import { amountDueToday, type Purchase, pricePurchase } from "./catalogue.ts";
import { organizationPackages, purchasedPackage } from "./packages.ts";
import type { BillingProvider, PriceLine } from "./provider.ts";
import {
  applyStateChange,
  notifyAdmins,
  organizationOfCustomer,
  readOrgBilling,
  recordInvoice,
} from "./state.ts";
import { httpsUrlOrNull } from "./webhook.ts";

export interface BillingContext {
  db: DB;
  provider: BillingProvider;
  appUrl: string;
}

interface SessionRow {
  id: string;
  provider: "stripe" | "test";
  userId: string;
  organizationId: string | null;
  kind: Purchase["kind"];
  planId: string | null;
  packageId: string | null;
  billingCycle: "monthly" | "yearly";
  paymentOption: string | null;
  addOns: string[];
  lineItems: PriceLine[];
  trialDays: number | null;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete" | "canceled";
  completedAt: Date | null;
}

const DAY = 86_400_000;

/** Days of the organization's no-card trial still left, carried into the paid subscription. */
function remainingTrialDays(trialEndsAt: Date | null, status: string): number | null {
  if (status !== "trialing" || !trialEndsAt) return null;
  const days = Math.ceil((new Date(trialEndsAt).getTime() - Date.now()) / DAY);
  // Stripe wants a trial of at least two days; a shorter rest is charged at once.
  return days >= 2 ? Math.min(days, TRIAL_DAYS) : null;
}

/** Members and open invitations, and how many of them are stewards: what a plan must hold. */
export async function planUsage(db: DB, organizationId: string): Promise<PlanUsage> {
  // Under the organization's row-level security, as every tenant read.
  const { rows } = await withTenant(db, organizationId, (trx) =>
    sql<{ users: string; stewards: string }>`
      WITH people AS (
        SELECT role FROM memberships WHERE organization_id = ${organizationId}
        UNION ALL
        SELECT role FROM invitations
        WHERE organization_id = ${organizationId} AND accepted_at IS NULL AND expires_at > now()
      )
      SELECT count(*) AS users, count(*) FILTER (WHERE role = 'steward') AS stewards
      FROM people`.execute(trx),
  );
  return { users: Number(rows[0]?.users ?? 0), stewards: Number(rows[0]?.stewards ?? 0) };
}

/** POST /api/create-checkout-session: prices the purchase from the catalogue, opens a checkout. */
export async function startCheckout(
  ctx: BillingContext,
  user: SessionUser,
  input: Parameters<typeof pricePurchase>[0],
): Promise<{ url: string }> {
  const purchase = pricePurchase(input);
  const tenant = await findTenant(ctx.db, user.id);
  let organizationId: string | null = null;
  let trialDays: number | null = null;
  let customerId: string | null = null;
  if (purchase.kind !== "package") {
    // A subscription belongs to an organization, bought by one of its admins.
    if (!tenant) throw new AppError(409, "CONFLICT", BillingMessages.createOrganizationFirst);
    if (!can(tenant.role, "manage:billing")) throw forbidden();
    const org = await readOrgBilling(ctx.db, tenant.organizationId);
    if (!org) throw notFound();
    organizationId = org.id;
    customerId = org.billingCustomerId;
    if (purchase.kind === "plan") trialDays = remainingTrialDays(org.trialEndsAt, org.status);
    // A smaller plan must fit who the organization has (issue 14): say what to change first.
    if (purchase.planId) {
      const blocker = planChangeBlocker(purchase.planId, await planUsage(ctx.db, org.id));
      if (blocker) throw new AppError(409, "CONFLICT", blocker);
    }
  } else if (tenant) {
    organizationId = tenant.organizationId;
  }
  const metadata: Record<string, string> = {
    userId: user.id,
    kind: purchase.kind,
    planName: purchase.planName,
    billingCycle: purchase.billingCycle,
    ...(organizationId ? { organizationId } : {}),
    ...(purchase.planId ? { planId: purchase.planId } : {}),
    ...(purchase.packageId ? { packageId: purchase.packageId } : {}),
    ...(purchase.installments ? { installments: String(purchase.installments) } : {}),
  };
  const successUrl = `${ctx.appUrl}/onboarding/complete?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${ctx.appUrl}/onboarding/cancelled`;
  let session: { id: string; url: string };
  try {
    session = await ctx.provider.createCheckout({
      lines: purchase.lines,
      trialDays,
      customerEmail: user.email,
      customerId,
      metadata,
      successUrl,
      cancelUrl,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, "UNAVAILABLE", BillingMessages.checkoutFailed);
  }
  await sql`
    INSERT INTO checkout_sessions (id, provider, user_id, organization_id, kind, plan_id,
      package_id, billing_cycle, payment_option, add_ons, line_items, trial_days, success_url,
      cancel_url)
    VALUES (${session.id}, ${ctx.provider.kind}, ${user.id}, ${organizationId}, ${purchase.kind},
      ${purchase.planId}, ${purchase.packageId}, ${purchase.billingCycle}, ${purchase.paymentOption},
      ${purchase.addOns}, ${JSON.stringify(purchase.lines)}::jsonb, ${trialDays},
      ${successUrl.replace("{CHECKOUT_SESSION_ID}", session.id)}, ${cancelUrl})`.execute(ctx.db);
  return { url: session.url };
}

async function findSession(db: DB, id: string): Promise<SessionRow | null> {
  const { rows } = await sql<SessionRow>`
    SELECT id, provider, user_id, organization_id, kind, plan_id, package_id, billing_cycle,
           payment_option, add_ons, line_items, trial_days, success_url, cancel_url, status,
           completed_at
    FROM checkout_sessions WHERE id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** A session of the caller's own; anyone else's reads as not found. */
async function ownSession(db: DB, userId: string, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session || session.userId !== userId) throw notFound("Checkout session not found.");
  return session;
}

function sessionPlanName(s: SessionRow): string {
  if (s.planId && isPlanId(s.planId)) return getPlan(s.planId).name;
  return s.lineItems[0]?.name.split(" website")[0] ?? "Website package";
}

export async function readCheckoutSession(
  db: DB,
  userId: string,
  id: string,
): Promise<TCheckoutSession> {
  const s = await ownSession(db, userId, id);
  return {
    id: s.id,
    status: s.status,
    kind: s.kind,
    metadata: { planName: sessionPlanName(s), billingCycle: s.billingCycle },
    package: s.kind === "package" ? purchasedPackage(s) : null,
    // The completion page tells a $0 trial start from a payment (issue 14).
    trialDays: s.trialDays,
    dueToday: amountDueToday(s.lineItems, s.trialDays),
    charges: chargeSummary(s.lineItems, s.trialDays),
  };
}

/** Checkout paid: the organization takes the plan (trialing while a trial remains). */
async function completeSession(
  ctx: BillingContext,
  s: SessionRow,
  facts: {
    eventAt: Date;
    customerId: string | null;
    subscriptionId: string | null;
    installments: number | null;
  },
  /** Calls to the provider, made once the database changes are committed. */
  after: ProviderCall[],
): Promise<void> {
  await sql`
    UPDATE checkout_sessions SET status = 'complete', completed_at = now()
    WHERE id = ${s.id} AND status <> 'complete'`.execute(ctx.db);
  if (s.kind === "package") {
    // Pay over time: 12 monthly payments, then the subscription ends by itself.
    const { subscriptionId, installments } = facts;
    if (subscriptionId && installments) {
      after.push(() => ctx.provider.endAfterMonths(subscriptionId, installments));
    }
    return;
  }
  if (!s.organizationId || !facts.subscriptionId) return;
  const trialEndsAt = s.trialDays ? new Date(facts.eventAt.getTime() + s.trialDays * DAY) : null;
  const { applied, previousSubscriptionId } = await applyStateChange(ctx.db, s.organizationId, {
    eventAt: facts.eventAt,
    subscriptionId: facts.subscriptionId,
    customerId: facts.customerId,
    status: s.trialDays ? "trialing" : "active",
    plan: s.planId,
    billingCycle: s.billingCycle,
    trialEndsAt: s.trialDays ? trialEndsAt : undefined,
    adopt: true,
  });
  // A plan change through a new checkout: the replaced subscription ends.
  if (applied && previousSubscriptionId && previousSubscriptionId !== facts.subscriptionId) {
    after.push(() => ctx.provider.cancelSubscription(previousSubscriptionId));
  }
}

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
    await sql`UPDATE checkout_sessions SET status = 'canceled' WHERE id = ${id}`.execute(ctx.db);
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

export async function portalUrl(ctx: BillingContext, organizationId: string): Promise<string> {
  const org = await readOrgBilling(ctx.db, organizationId);
  const returnUrl = `${ctx.appUrl}/settings/billing`;
  if (ctx.provider.kind === "test") return ctx.provider.portalUrl("", returnUrl);
  if (!org?.billingCustomerId) {
    throw new AppError(409, "CONFLICT", "Choose a plan first: there is no payment account yet.");
  }
  return ctx.provider.portalUrl(org.billingCustomerId, returnUrl);
}

export async function billingOverview(
  ctx: BillingContext,
  organizationId: string,
): Promise<TBillingOverview> {
  const org = await readOrgBilling(ctx.db, organizationId);
  if (!org) throw notFound();
  const invoices = await withTenant(ctx.db, organizationId, async (trx) => {
    const { rows } = await sql<{
      id: string;
      amountPaid: number;
      currency: string;
      status: string;
      hostedUrl: string | null;
      createdAt: Date;
    }>`SELECT id, amount_paid, currency, status, hosted_url, created_at FROM billing_invoices
       WHERE organization_id = ${organizationId} ORDER BY created_at DESC LIMIT 24`.execute(trx);
    return rows;
  });
  const plan = isPlanId(org.plan) ? getPlan(org.plan) : null;
  const price = plan
    ? org.billingCycle === "yearly"
      ? plan.yearlyPrice
      : plan.monthlyPrice
    : null;
  const nextChargeAt =
    org.status === "canceled" || org.cancelAtPeriodEnd
      ? null
      : (org.currentPeriodEnd ?? (org.billingSubscriptionId ? null : org.trialEndsAt));
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    provider: ctx.provider.kind,
    plan: org.plan,
    planName: plan?.name ?? org.plan,
    billingCycle: org.billingCycle,
    status: org.status,
    subscribed: org.billingSubscriptionId !== null,
    trialEndsAt: iso(org.trialEndsAt),
    currentPeriodEnd: iso(org.currentPeriodEnd),
    cancelAtPeriodEnd: org.cancelAtPeriodEnd,
    nextChargeAmount: nextChargeAt ? price : null,
    nextChargeAt: iso(nextChargeAt),
    writeLock: await organizationWriteLock(ctx.db, organizationId),
    usage: await planUsage(ctx.db, organizationId),
    invoices: invoices.map((i) => ({
      id: i.id,
      amountPaid: i.amountPaid,
      currency: i.currency,
      status: i.status,
      url: i.hostedUrl,
      createdAt: new Date(i.createdAt).toISOString(),
    })),
    websitePackages: await organizationPackages(ctx.db, organizationId),
  };
}

// ---- Stripe events ---------------------------------------------------------------------------

const STATUS: Record<string, "trialing" | "active" | "past_due" | "canceled"> = {
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
    const { rows } = await sql<{ id: string }>`
      INSERT INTO billing_events (id, type, created_at)
      VALUES (${event.id}, ${event.type}, ${new Date(event.created * 1000)})
      ON CONFLICT (id) DO NOTHING RETURNING id`.execute(trx);
    if (rows.length === 0) return "duplicate" as const;
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

type ProviderCall = () => Promise<void>;

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
