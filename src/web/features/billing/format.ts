import type { TBillingOverview } from "../../../shared/schemas/billing.ts";

export const formatDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })
    : "-";

export const formatCents = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** The status line of the billing page: a paid trial reads as active, with its end date. */
export function statusLabel(b: TBillingOverview): {
  label: string;
  tone: "success" | "warning" | "error" | "info";
} {
  if (b.writeLock === "archived") return { label: "Archived", tone: "error" };
  if (b.writeLock === "lapsed") return { label: "Trial ended", tone: "error" };
  switch (b.status) {
    case "active":
      return { label: "Active", tone: "success" };
    case "trialing":
      return b.subscribed
        ? { label: `Active (free trial until ${formatDate(b.trialEndsAt)})`, tone: "success" }
        : { label: `Free trial until ${formatDate(b.trialEndsAt)}`, tone: "info" };
    case "past_due":
      return { label: "Payment past due", tone: "warning" };
    case "canceled":
      return { label: "Canceled", tone: "error" };
  }
}

/** The no-card trial every organization starts with: running, and no plan kept yet. */
export const onNoCardTrial = (b: TBillingOverview) =>
  b.status === "trialing" && !b.subscribed && b.writeLock === null;
