import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { type BillingMailKind, billingMail } from "./mail.ts";

/**
 * The organization's subscription state, changed only here: by a completed checkout, by the
 * provider's subscription and invoice events, and by the test-mode pages. Each change carries
 * the time of the event behind it; an older event than the last one applied changes nothing
 * (out-of-order delivery), and a deleted subscription is final.
 */
export type SubscriptionStatus = "trialing" | "active" | "past_due" | "canceled";

export interface OrgBilling {
  id: string;
  name: string;
  plan: string;
  billingCycle: "monthly" | "yearly";
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
  billingEventAt: Date | null;
}

export async function readOrgBilling(db: DB, organizationId: string): Promise<OrgBilling | null> {
  return withTenant(db, organizationId, async (trx) => {
    const { rows } = await sql<OrgBilling>`
      SELECT id, name, plan, billing_cycle, status, trial_ends_at, current_period_end,
             cancel_at_period_end, canceled_at, billing_customer_id, billing_subscription_id,
             billing_event_at
      FROM organizations WHERE id = ${organizationId}`.execute(trx);
    return rows[0] ?? null;
  });
}

/** The organization a provider customer pays for (webhooks carry no session). */
export async function organizationOfCustomer(db: DB, customerId: string): Promise<string | null> {
  const { rows } = await sql<{ organizationId: string }>`
    SELECT organization_id FROM billing_customers WHERE customer_id = ${customerId}`.execute(db);
  return rows[0]?.organizationId ?? null;
}

export interface StateChange {
  eventAt: Date;
  subscriptionId: string;
  customerId?: string | null;
  status?: SubscriptionStatus;
  plan?: string | null;
  billingCycle?: "monthly" | "yearly" | null;
  trialEndsAt?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /** A checkout that starts this subscription: it becomes the organization's current one. */
  adopt?: boolean;
}

/** Applies one change if it is newer than the last; returns whether it was applied. */
export async function applyStateChange(
  db: DB,
  organizationId: string,
  change: StateChange,
): Promise<{ applied: boolean; previousSubscriptionId: string | null }> {
  return withTenant(db, organizationId, async (trx) => {
    const { rows } = await sql<OrgBilling>`
      SELECT status, billing_subscription_id, billing_event_at, canceled_at
      FROM organizations WHERE id = ${organizationId} FOR UPDATE`.execute(trx);
    const org = rows[0];
    if (!org) return { applied: false, previousSubscriptionId: null };
    const previous = org.billingSubscriptionId;
    const sameSubscription = previous === change.subscriptionId;
    if (!change.adopt && !sameSubscription)
      return { applied: false, previousSubscriptionId: previous };
    const last = org.billingEventAt ? new Date(org.billingEventAt).getTime() : 0;
    if (change.eventAt.getTime() < last)
      return { applied: false, previousSubscriptionId: previous };
    // A deleted subscription never comes back (Stripe does not revive one).
    if (
      sameSubscription &&
      org.status === "canceled" &&
      change.status !== "canceled" &&
      !change.adopt
    ) {
      return { applied: false, previousSubscriptionId: previous };
    }
    const canceling = change.status === "canceled" && org.status !== "canceled";
    await sql`
      UPDATE organizations SET
        billing_subscription_id = ${change.subscriptionId},
        billing_customer_id = coalesce(${change.customerId ?? null}, billing_customer_id),
        status = coalesce(${change.status ?? null}, status),
        plan = coalesce(${change.plan ?? null}, plan),
        billing_cycle = coalesce(${change.billingCycle ?? null}, billing_cycle),
        trial_ends_at = ${change.trialEndsAt === undefined ? sql`trial_ends_at` : change.trialEndsAt},
        current_period_end = ${
          change.currentPeriodEnd === undefined ? sql`current_period_end` : change.currentPeriodEnd
        },
        cancel_at_period_end = coalesce(${change.cancelAtPeriodEnd ?? null}, cancel_at_period_end),
        canceled_at = ${
          canceling
            ? change.eventAt
            : change.status && change.status !== "canceled"
              ? null
              : sql`canceled_at`
        },
        billing_event_at = ${change.eventAt},
        updated_at = now()
      WHERE id = ${organizationId}`.execute(trx);
    if (change.customerId) {
      await sql`
        INSERT INTO billing_customers (customer_id, organization_id)
        VALUES (${change.customerId}, ${organizationId}) ON CONFLICT DO NOTHING`.execute(trx);
    }
    return { applied: true, previousSubscriptionId: previous };
  });
}

export async function recordInvoice(
  db: DB,
  organizationId: string,
  invoice: { id: string; amountPaid: number; status: string; url: string | null; createdAt: Date },
): Promise<void> {
  await withTenant(db, organizationId, (trx) =>
    sql`
      INSERT INTO billing_invoices (organization_id, id, amount_paid, status, hosted_url, created_at)
      VALUES (${organizationId}, ${invoice.id}, ${invoice.amountPaid}, ${invoice.status},
              ${invoice.url}, ${invoice.createdAt})
      ON CONFLICT (organization_id, id) DO UPDATE
        SET amount_paid = excluded.amount_paid, status = excluded.status,
            hosted_url = excluded.hosted_url`.execute(trx),
  );
}

/** Mails every admin of the organization through the outbox. */
export async function notifyAdmins(
  db: DB,
  appUrl: string,
  organizationId: string,
  kind: BillingMailKind,
  detail: { date: Date | null },
): Promise<void> {
  const { name, admins } = await withTenant(db, organizationId, async (trx) => {
    const { rows } = await sql<{ email: string; orgName: string }>`
      SELECT u.email, o.name AS org_name FROM memberships m
      JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.organization_id
      WHERE m.organization_id = ${organizationId} AND m.role = 'admin'`.execute(trx);
    return { name: rows[0]?.orgName ?? "", admins: rows.map((r) => r.email) };
  });
  const mail = billingMail(kind, name, detail.date, `${appUrl}/settings/billing`);
  for (const to of admins) await enqueueMail(db, { to, ...mail });
}
