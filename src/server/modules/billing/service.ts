import { sql } from "kysely";
import { getPlan, isPlanId, type PlanUsage } from "../../../shared/plans.ts";
import type { TBillingOverview } from "../../../shared/schemas/billing.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { organizationWriteLock } from "../../lib/tenancy/write-lock.ts";
import { organizationPackages } from "./packages.ts";
import type { BillingProvider } from "./provider.ts";
import { readOrgBilling } from "./state.ts";

/**
 * Billing (issue 8): the admin's billing page, the portal and what a plan must hold. Checkout
 * is checkout.ts, test mode test-mode.ts, Stripe's events stripe-events.ts; the organization's
 * subscription state changes only in state.ts.
 */
export interface BillingContext {
  db: DB;
  provider: BillingProvider;
  appUrl: string;
}

/** Members and open invitations, and how many of them are stewards: what a plan must hold. */
export async function planUsage(db: DB, organizationId: string): Promise<PlanUsage> {
  // Under the organization's row-level security, as every tenant read.
  const counts = await withTenant(db, organizationId, (trx) =>
    trx
      .with("people", (qb) =>
        qb
          .selectFrom("memberships")
          .select("role")
          .where("organizationId", "=", organizationId)
          .unionAll(
            qb
              .selectFrom("invitations")
              .select("role")
              .where("organizationId", "=", organizationId)
              .where("acceptedAt", "is", null)
              .where("expiresAt", ">", sql<Date>`now()`),
          ),
      )
      .selectFrom("people")
      .select((eb) => [
        eb.fn.countAll<string>().as("users"),
        eb.fn.countAll<string>().filterWhere("role", "=", "steward").as("stewards"),
      ])
      .executeTakeFirstOrThrow(),
  );
  // count() is a bigint, which pg reads as a string.
  return { users: Number(counts.users), stewards: Number(counts.stewards) };
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
  const invoices = await withTenant(ctx.db, organizationId, (trx) =>
    trx
      .selectFrom("billingInvoices")
      .select(["id", "amountPaid", "currency", "status", "hostedUrl", "createdAt"])
      .where("organizationId", "=", organizationId)
      .orderBy("createdAt", "desc")
      .limit(24)
      .execute(),
  );
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
