import type { ExpressionBuilder, Selectable } from "kysely";
import { chargeSummary } from "../../../shared/charges.ts";
import { getWebsitePackage, isPackageId, packagePaymentLabel } from "../../../shared/plans.ts";
import type { TPurchasedPackage } from "../../../shared/schemas/billing.ts";
import type { DB } from "../../db/connection.ts";
import type { CheckoutSessions, Database } from "../../db/schema.ts";
import type { PriceLine } from "./provider.ts";

/** The columns of a checkout session that describe a website package bought through it. */
const PACKAGE_COLUMNS = [
  "id",
  "packageId",
  "paymentOption",
  "addOns",
  "lineItems",
  "completedAt",
] as const;

export type PackageSessionRow = Pick<
  Selectable<CheckoutSessions>,
  (typeof PACKAGE_COLUMNS)[number]
>;

/** Completed package checkouts of `packageId` by the user, or by the user's organization. */
const purchasedBy =
  (userId: string, organizationId: string | null, packageId: string) =>
  (eb: ExpressionBuilder<Database, "checkoutSessions">) =>
    eb.and([
      eb("kind", "=", "package"),
      eb("status", "=", "complete"),
      eb("packageId", "=", packageId),
      eb.or([
        eb("userId", "=", userId),
        // No organization: only the user's own (`organization_id = NULL` matches nothing).
        ...(organizationId ? [eb("organizationId", "=", organizationId)] : []),
      ]),
    ]);

/**
 * A package purchase as shown to people: amounts from the session's line items (what was
 * charged, even if the catalogue changes later), names and the set-up page from the catalogue.
 */
export function purchasedPackage(row: PackageSessionRow): TPurchasedPackage | null {
  if (!row.packageId || !isPackageId(row.packageId)) return null;
  const pkg = getWebsitePackage(row.packageId);
  const options = pkg.modalContent.paymentOptions;
  const option = options.find((o) => o.id === row.paymentOption) ?? options[0];
  const sum = (interval: PriceLine["interval"]) =>
    row.lineItems.filter((l) => l.interval === interval).reduce((s, l) => s + l.amount, 0);
  // Packages have no trial: the first month was charged with the set-up (or down payment).
  const charges = chargeSummary(row.lineItems, null);
  return {
    sessionId: row.id,
    packageId: pkg.id,
    name: pkg.name,
    setupRoute: pkg.setupRoute,
    payment: packagePaymentLabel({
      dueToday: sum(null),
      monthly: sum("month"),
      months: option?.duration ?? null,
      downPayment: option?.downPayment != null,
    }),
    paymentOption: option?.name ?? "",
    charges,
    // In the catalogue's order, as the package dialog lists them.
    addOns: pkg.modalContent.addOns.filter((a) => row.addOns.includes(a.id)).map((a) => a.name),
    purchasedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null,
  };
}

/**
 * The website packages an organization has paid for (completed checkouts), newest first.
 * Scoped by the organization id from the session; checkout_sessions_org_packages_idx serves it.
 */
export async function organizationPackages(
  db: DB,
  organizationId: string,
): Promise<TPurchasedPackage[]> {
  const rows = await db
    .selectFrom("checkoutSessions")
    .select(PACKAGE_COLUMNS)
    .where("organizationId", "=", organizationId)
    .where("kind", "=", "package")
    .where("status", "=", "complete")
    .orderBy("completedAt", "desc")
    .orderBy("id")
    .limit(50)
    .execute();
  return rows.flatMap((row) => purchasedPackage(row) ?? []);
}

/**
 * Whether `userId` may send the set-up details of `packageId`: a completed purchase of that
 * package by the user, or by the user's current organization (bought by another admin).
 */
export async function hasPurchasedPackage(
  db: DB,
  userId: string,
  organizationId: string | null,
  packageId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("checkoutSessions")
    .select("id")
    .where(purchasedBy(userId, organizationId, packageId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The newest completed purchase of `packageId` by the user, or by the user's organization:
 * what the set-up page shows as bought (issue 14), rather than the list price.
 */
export async function latestPackagePurchase(
  db: DB,
  userId: string,
  organizationId: string | null,
  packageId: string,
): Promise<TPurchasedPackage | null> {
  const row = await db
    .selectFrom("checkoutSessions")
    .select(PACKAGE_COLUMNS)
    .where(purchasedBy(userId, organizationId, packageId))
    .orderBy("completedAt", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row ? purchasedPackage(row) : null;
}
