import { type Selectable, sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import type { Organizations } from "../../db/schema.ts";
import { withTenant } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { type BillingMailKind, billingMail } from "./mail.ts";

/**
 * The organization's subscription state, changed only here: by a completed checkout, by the
 * provider's subscription and invoice events, and by the test-mode pages. Each change carries
 * the time of the event behind it; an older event than the last one applied changes nothing
 * (out-of-order delivery), and a deleted subscription is final.
 */
export type SubscriptionStatus = Selectable<Organizations>["status"];

const ORG_BILLING = [
  "id",
  "name",
  "plan",
  "billingCycle",
  "status",
  "trialEndsAt",
  "currentPeriodEnd",
  "cancelAtPeriodEnd",
  "canceledAt",
  "billingCustomerId",
  "billingSubscriptionId",
  "billingEventAt",
] as const;

export type OrgBilling = Pick<Selectable<Organizations>, (typeof ORG_BILLING)[number]>;

export async function readOrgBilling(db: DB, organizationId: string): Promise<OrgBilling | null> {
  return withTenant(db, organizationId, async (trx) => {
    const org = await trx
      .selectFrom("organizations")
      .select(ORG_BILLING)
      .where("id", "=", organizationId)
      .executeTakeFirst();
    return org ?? null;
  });
}

/** The organization a provider customer pays for (webhooks carry no session). */
export async function organizationOfCustomer(db: DB, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom("billingCustomers")
    .select("organizationId")
    .where("customerId", "=", customerId)
    .executeTakeFirst();
  return row?.organizationId ?? null;
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
    const org = await trx
      .selectFrom("organizations")
      .select(["status", "billingSubscriptionId", "billingEventAt"])
      .where("id", "=", organizationId)
      .forUpdate()
      .executeTakeFirst();
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
    // A field the change leaves out (undefined, or null where null means 'unknown') is kept.
    const { customerId, status, plan, billingCycle, cancelAtPeriodEnd } = change;
    await trx
      .updateTable("organizations")
      .set({
        billingSubscriptionId: change.subscriptionId,
        ...(customerId != null && { billingCustomerId: customerId }),
        ...(status != null && { status }),
        ...(plan != null && { plan }),
        ...(billingCycle != null && { billingCycle }),
        ...(change.trialEndsAt !== undefined && { trialEndsAt: change.trialEndsAt }),
        ...(change.currentPeriodEnd !== undefined && { currentPeriodEnd: change.currentPeriodEnd }),
        ...(cancelAtPeriodEnd != null && { cancelAtPeriodEnd }),
        // Canceled now: when; back from canceled (a new subscription): no longer.
        ...(canceling
          ? { canceledAt: change.eventAt }
          : status && status !== "canceled" && { canceledAt: null }),
        billingEventAt: change.eventAt,
        updatedAt: sql<Date>`now()`,
      })
      .where("id", "=", organizationId)
      .execute();
    if (change.customerId) {
      await trx
        .insertInto("billingCustomers")
        .values({ customerId: change.customerId, organizationId })
        .onConflict((oc) => oc.doNothing())
        .execute();
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
    trx
      .insertInto("billingInvoices")
      .values({
        organizationId,
        id: invoice.id,
        amountPaid: invoice.amountPaid,
        status: invoice.status,
        hostedUrl: invoice.url,
        createdAt: invoice.createdAt,
      })
      .onConflict((oc) =>
        oc.columns(["organizationId", "id"]).doUpdateSet((eb) => ({
          amountPaid: eb.ref("excluded.amountPaid"),
          status: eb.ref("excluded.status"),
          hostedUrl: eb.ref("excluded.hostedUrl"),
        })),
      )
      .execute(),
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
    const rows = await trx
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .innerJoin("organizations as o", "o.id", "m.organizationId")
      .select(["u.email", "u.language", "o.name as orgName"])
      .where("m.organizationId", "=", organizationId)
      .where("m.role", "=", "admin")
      .execute();
    return { name: rows[0]?.orgName ?? "", admins: rows };
  });
  for (const admin of admins) {
    const language = asLanguage(admin.language);
    const mail = billingMail(kind, name, detail.date, `${appUrl}/settings/billing`, language);
    await enqueueMail(db, { to: admin.email, ...mail });
  }
}
