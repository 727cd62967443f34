import { chargeSummary, packageChargeLines } from "../../../shared/charges.ts";
import {
  getPlan,
  getWebsitePackage,
  type TBillingCycle,
  type TPlanId,
} from "../../../shared/plans.ts";
import type { TCheckoutRequest } from "../../../shared/schemas/billing.ts";
import { AppError } from "../../lib/errors.ts";
import type { PriceLine } from "./provider.ts";

/** What a checkout sells, priced from the one catalogue (product-decisions.md 20), never from the client. */
export interface Purchase {
  kind: "plan" | "founders" | "package";
  planId: TPlanId | null;
  packageId: string | null;
  planName: string;
  billingCycle: TBillingCycle;
  paymentOption: string | null;
  addOns: string[];
  lines: PriceLine[];
  /** Monthly payments after which a pay-over-time build is paid off; null while hosted. */
  installments: number | null;
}

const bad = (message: string) => new AppError(400, "VALIDATION_FAILED", message);
const interval = (cycle: TBillingCycle) => (cycle === "yearly" ? "year" : "month");

export function pricePurchase(input: {
  planId?: TPlanId | undefined;
  billingCycle: TBillingCycle;
  isFoundersPlan?: boolean | undefined;
  packageId?: TCheckoutRequest["packageId"];
  paymentOption?: TCheckoutRequest["paymentOption"];
  addOns?: string[] | undefined;
}): Purchase {
  if (input.packageId) {
    const pkg = getWebsitePackage(input.packageId);
    const options = pkg.modalContent.paymentOptions;
    const index = input.paymentOption ? options.findIndex((o) => o.id === input.paymentOption) : 0;
    const option = options[index];
    if (!option) throw bad(`The ${pkg.name} package has no such payment option.`);
    // Only add-ons of this package count; any other id is dropped, as in the dialog's total.
    const addOns = [...new Set(input.addOns ?? [])].filter((id) =>
      pkg.modalContent.addOns.some((a) => a.id === id),
    );
    // The lines the dialog showed (one function for both), keyed by what they sell.
    const key = `uh_pkg_${pkg.id}_${option.id}_${addOns.sort().join("+") || "base"}`;
    const [due, monthly] = packageChargeLines(pkg, index, addOns);
    if (!due || !monthly) throw new Error(`${pkg.id} has no checkout lines`);
    const lines: PriceLine[] = [
      { ...due, lookupKey: `${key}_due_${due.amount}` },
      { ...monthly, lookupKey: `${key}_monthly_${monthly.amount}` },
    ];
    return {
      kind: "package",
      planId: null,
      packageId: pkg.id,
      planName: pkg.name,
      billingCycle: "monthly",
      paymentOption: option.id,
      addOns,
      lines,
      installments: option.duration,
    };
  }

  const planId = input.isFoundersPlan ? "founders" : input.planId;
  if (!planId) throw bad("Please select a plan before proceeding.");
  const plan = getPlan(planId);
  const price = input.billingCycle === "yearly" ? plan.yearlyPrice : plan.monthlyPrice;
  const sellable =
    (plan.kind === "subscription" || plan.kind === "founders") &&
    !plan.isHidden &&
    !plan.comingSoon &&
    !plan.isCustomPricing;
  if (!sellable || price === null) {
    throw bad(`The ${plan.name} plan is not sold online. Please contact sales.`);
  }
  const lines: PriceLine[] = [
    {
      lookupKey: `uh_plan_${plan.id}_${input.billingCycle}_${price}`,
      name: `UnionHall ${plan.name} (${input.billingCycle})`,
      amount: price,
      interval: interval(input.billingCycle),
      todayLabel: `First ${interval(input.billingCycle)} of ${plan.name}`,
    },
  ];
  if (plan.setupFee) {
    lines.push({
      lookupKey: `uh_plan_${plan.id}_setup_${plan.setupFee}`,
      name: `UnionHall ${plan.name} one-time set-up`,
      amount: plan.setupFee,
      interval: null,
      todayLabel: "One-time set-up",
    });
  }
  return {
    kind: plan.kind === "founders" ? "founders" : "plan",
    planId: plan.id,
    packageId: null,
    planName: plan.name,
    billingCycle: input.billingCycle,
    paymentOption: null,
    addOns: [],
    lines,
    installments: null,
  };
}

/** What a checkout charges today: one-time lines, plus the first period unless a trial comes first. */
export function amountDueToday(lines: readonly PriceLine[], trialDays: number | null): number {
  return chargeSummary(lines, trialDays).dueToday;
}
