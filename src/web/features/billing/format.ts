import { formatDate as formatLocalDate, formatMoney } from "../../../shared/i18n/format.ts";
import { LOCALE_TAG } from "../../../shared/i18n/languages.ts";
import {
  type PlanUsage,
  planChangeBlocker,
  planLimits,
  type TPlan,
} from "../../../shared/plans.ts";
import type { TBillingOverview } from "../../../shared/schemas/billing.ts";
import { currentLanguage, i18n } from "../../lib/i18n.ts";

/** 'November 24, 2026' or '24 de noviembre de 2026' (issue 22: in the reader's language). */
export const formatDate = (iso: string | null) =>
  iso
    ? formatLocalDate(currentLanguage(), iso, { year: "numeric", month: "long", day: "numeric" })
    : "-";

/** An invoice's amount with its cents: '$49.00'. */
export const formatCents = (cents: number) =>
  new Intl.NumberFormat(LOCALE_TAG[currentLanguage()], {
    style: "currency",
    currency: "USD",
  }).format(cents / 100);

/** A price in dollars: '$290', '$49.50'. */
export const formatDollars = (dollars: number) => formatMoney(currentLanguage(), dollars);

/** 'monthly' / 'yearly' in the reader's language. */
export const cycleLabel = (cycle: string) =>
  i18n.t(`billing:cycle.${cycle}`, { defaultValue: cycle });

/** The status line of the billing page: a paid trial reads as active, with its end date. */
export function statusLabel(b: TBillingOverview): {
  label: string;
  tone: "success" | "warning" | "error" | "info";
} {
  const t = i18n.getFixedT(null, "billing");
  if (b.writeLock === "archived") return { label: t("status.archived"), tone: "error" };
  if (b.writeLock === "lapsed") return { label: t("status.lapsed"), tone: "error" };
  switch (b.status) {
    case "active":
      return { label: t("status.active"), tone: "success" };
    case "trialing":
      return b.subscribed
        ? { label: t("status.trialingPaid", { date: formatDate(b.trialEndsAt) }), tone: "success" }
        : { label: t("status.trialing", { date: formatDate(b.trialEndsAt) }), tone: "info" };
    case "past_due":
      return { label: t("status.pastDue"), tone: "warning" };
    case "canceled":
      return { label: t("status.canceled"), tone: "error" };
  }
}

/**
 * Why a plan cannot be chosen now, in the reader's language: the same rule as the server's
 * (planChangeBlocker, src/shared/plans.ts), its wording from the billing catalogue.
 */
export function blockerText(plan: TPlan, usage: PlanUsage): string | null {
  if (planChangeBlocker(plan.id, usage) === null) return null;
  const { maxUsers, allowedRoles } = planLimits(plan.id);
  if (!allowedRoles.includes("steward") && usage.stewards > 0)
    return i18n.t("billing:plans.noStewards", { plan: plan.name, count: usage.stewards });
  return i18n.t("billing:plans.tooManyUsers", {
    plan: plan.name,
    max: maxUsers,
    users: usage.users,
    over: usage.users - (maxUsers ?? 0),
  });
}

/** The no-card trial every organization starts with: running, and no plan kept yet. */
export const onNoCardTrial = (b: TBillingOverview) =>
  b.status === "trialing" && !b.subscribed && b.writeLock === null;
