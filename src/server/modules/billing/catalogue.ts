import {
  getPlan,
  getWebsitePackage,
  packageTotal,
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
    const total = packageTotal(pkg, index, addOns);
    const key = `uh_pkg_${pkg.id}_${option.id}_${addOns.sort().join("+") || "base"}`;
    const lines: PriceLine[] = [
      {
        lookupKey: `${key}_due_${total.dueToday}`,
        name: `${pkg.name} website: ${option.downPayment === null ? "set-up" : "down payment"}`,
        amount: total.dueToday,
        interval: null,
      },
      {
        lookupKey: `${key}_monthly_${total.monthly}`,
        name: `${pkg.name} website: ${option.duration ? "monthly payment" : "monthly hosting"}`,
        amount: total.monthly,
        interval: "month",
        months: option.duration,
      },
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
    },
  ];
  if (plan.setupFee) {
    lines.push({
      lookupKey: `uh_plan_${plan.id}_setup_${plan.setupFee}`,
      name: `UnionHall ${plan.name} one-time set-up`,
      amount: plan.setupFee,
      interval: null,
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
  return lines.filter((l) => !trialDays || l.interval === null).reduce((s, l) => s + l.amount, 0);
}
