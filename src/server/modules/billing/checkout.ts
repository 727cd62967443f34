import { type Selectable, sql } from "kysely";
import { chargeSummary } from "../../../shared/charges.ts";
import { can } from "../../../shared/permissions.ts";
import { getPlan, isPlanId, planChangeBlocker, TRIAL_DAYS } from "../../../shared/plans.ts";
import { BillingMessages, type TCheckoutSession } from "../../../shared/schemas/billing.ts";
import type { DB } from "../../db/connection.ts";
import type { CheckoutSessions } from "../../db/schema.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { findTenant, type SessionUser } from "../../plugins/access.ts";
import { amountDueToday, pricePurchase } from "./catalogue.ts";
import { purchasedPackage } from "./packages.ts";
import { type BillingContext, planUsage } from "./service.ts";
import { applyStateChange, readOrgBilling } from "./state.ts";

/** A checkout session as stored; read back only by the user who started it. */
export type SessionRow = Omit<Selectable<CheckoutSessions>, "createdAt">;

/** A call to the provider, made once the database changes are committed. */
export type ProviderCall = () => Promise<void>;

export const DAY = 86_400_000;

/** Days of the organization's no-card trial still left, carried into the paid subscription. */
function remainingTrialDays(trialEndsAt: Date | null, status: string): number | null {
  if (status !== "trialing" || !trialEndsAt) return null;
  const days = Math.ceil((new Date(trialEndsAt).getTime() - Date.now()) / DAY);
  // Stripe wants a trial of at least two days; a shorter rest is charged at once.
  return days >= 2 ? Math.min(days, TRIAL_DAYS) : null;
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
  await ctx.db
    .insertInto("checkoutSessions")
    .values({
      id: session.id,
      provider: ctx.provider.kind,
      userId: user.id,
      organizationId,
      kind: purchase.kind,
      planId: purchase.planId,
      packageId: purchase.packageId,
      billingCycle: purchase.billingCycle,
      paymentOption: purchase.paymentOption,
      addOns: purchase.addOns,
      lineItems: JSON.stringify(purchase.lines),
      trialDays,
      successUrl: successUrl.replace("{CHECKOUT_SESSION_ID}", session.id),
      cancelUrl,
    })
    .execute();
  return { url: session.url };
}

export async function findSession(db: DB, id: string): Promise<SessionRow | null> {
  const session = await db
    .selectFrom("checkoutSessions")
    .select([
      "id",
      "provider",
      "userId",
      "organizationId",
      "kind",
      "planId",
      "packageId",
      "billingCycle",
      "paymentOption",
      "addOns",
      "lineItems",
      "trialDays",
      "successUrl",
      "cancelUrl",
      "status",
      "completedAt",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  return session ?? null;
}

/** A session of the caller's own; anyone else's reads as not found. */
export async function ownSession(db: DB, userId: string, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session || session.userId !== userId) throw notFound("Checkout session not found.");
  return session;
}

export function sessionPlanName(s: SessionRow): string {
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
export async function completeSession(
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
  await ctx.db
    .updateTable("checkoutSessions")
    .set({ status: "complete", completedAt: sql<Date>`now()` })
    .where("id", "=", s.id)
    .where("status", "<>", "complete")
    .execute();
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
