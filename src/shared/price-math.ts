/**
 * The price maths of the catalogue (plans.ts re-exports all of it): its own module so that a
 * page that only needs the maths (the landing page, whose plans come from the API) does not
 * ship the catalogue's data.
 */
import type {
  TAddOn,
  TBillingCycle,
  TPaymentOption,
  TPlan,
  TWebsitePackage,
} from "./schemas/pricing.ts";

export type { TAddOn, TBillingCycle, TPlan, TWebsitePackage };

export const TRIAL_DAYS = 14;
/** How long the web app keeps the fetched catalogue (spec: 5 minutes). */
export const PRICING_CACHE_MS = 5 * 60 * 1000;
export const DEFAULT_BILLING_CYCLE: TBillingCycle = "monthly";

/** Percent saved by paying yearly instead of 12 months: 10 x monthly gives 17. */
export function annualSavingPercent(monthlyPrice: number, yearlyPrice: number): number {
  if (monthlyPrice <= 0) return 0;
  return Math.round((1 - yearlyPrice / (monthlyPrice * 12)) * 100);
}

/** Whole dollars, e.g. $1,100. */
export function formatUsd(amount: number): string {
  return `$${Math.round(amount).toLocaleString("en-US")}`;
}

export interface PackageTotal {
  /** The option's set-up fee or down payment plus every one-time add-on. */
  dueToday: number;
  /** The option's monthly fee plus every monthly add-on. */
  monthly: number;
  /** How many monthly payments the option has; null while hosted. */
  months: number | null;
  /** A per-order share added by checkout-type add-ons, if any is chosen. */
  perOrderPercent: number | null;
  oneTimeAddOns: number;
  monthlyAddOns: number;
}

/**
 * The live total of a package dialog: one-time add-ons go into the set-up (or down payment),
 * monthly add-ons into the monthly fee. Unknown add-on ids are ignored.
 */
export function packageTotal(
  pkg: TWebsitePackage,
  paymentOptionIndex: number,
  addOnIds: Iterable<string>,
): PackageTotal {
  const option = pkg.modalContent.paymentOptions[paymentOptionIndex];
  if (!option) throw new Error(`${pkg.id} has no payment option ${paymentOptionIndex}`);
  const chosen = new Set(addOnIds);
  const addOns = pkg.modalContent.addOns.filter((a) => chosen.has(a.id));
  const oneTimeAddOns = addOns.filter((a) => !a.isMonthly).reduce((s, a) => s + a.price, 0);
  const monthlyAddOns = addOns.filter((a) => a.isMonthly).reduce((s, a) => s + a.price, 0);
  const percents = addOns.flatMap((a) => (a.perOrderPercent === null ? [] : [a.perOrderPercent]));
  return {
    dueToday: option.price + oneTimeAddOns,
    monthly: option.monthlyFee + monthlyAddOns,
    months: option.duration,
    perOrderPercent: percents.length ? Math.max(...percents) : null,
    oneTimeAddOns,
    monthlyAddOns,
  };
}

/** How an add-on's price reads: '$99 one-time + 3% per order', '$5/month'. */
export function addOnPriceLabel(a: TAddOn): string {
  const base = a.isMonthly ? `${formatUsd(a.price)}/month` : `${formatUsd(a.price)} one-time`;
  return a.perOrderPercent === null ? base : `${base} + ${a.perOrderPercent}% per order`;
}

/** '/month', or '/month for 12 months' when the payments stop after a number of months. */
export function perMonthLabel(months: number | null): string {
  return `/month${months ? ` for ${months} months` : ""}`;
}

/** A monthly amount, with the number of payments when it stops: '$50/month for 12 months'. */
export function monthlyLabel(amount: number, months: number | null): string {
  return `${formatUsd(amount)}${perMonthLabel(months)}`;
}

/**
 * How a website package is paid: '$500 setup + $15/month', or paid over time
 * '$150 down + $50/month for 12 months'.
 */
export function packagePaymentLabel(p: {
  dueToday: number;
  monthly: number;
  months: number | null;
  downPayment: boolean;
}): string {
  return `${formatUsd(p.dueToday)} ${p.downPayment ? "down" : "setup"} + ${monthlyLabel(p.monthly, p.months)}`;
}

/** A payment option as the catalogue has it, before add-ons. */
export function paymentOptionLabel(o: TPaymentOption): string {
  return packagePaymentLabel({
    dueToday: o.price,
    monthly: o.monthlyFee,
    months: o.duration,
    downPayment: o.downPayment !== null,
  });
}

/** 'Up to 25 users' or 'Unlimited users', from the plan's seat limit. */
export function userLimitLabel(plan: Pick<TPlan, "maxUsers">): string {
  return plan.maxUsers === null ? "Unlimited users" : `Up to ${plan.maxUsers} users`;
}

const USER_LIMIT_FEATURE = /^(up to \d+|unlimited) users$/i;

/** The catalogue's features without the user-limit line (for lists that state it elsewhere). */
export function featuresBesidesUserLimit(plan: Pick<TPlan, "features">): string[] {
  return plan.features.filter((f) => !USER_LIMIT_FEATURE.test(f));
}

/**
 * A plan card's lines: the user limit once, first, from maxUsers (the catalogue's features
 * also name it, and a card that added its own line showed it twice), then the rest.
 */
export function planFeatureLines(plan: Pick<TPlan, "maxUsers" | "features">): string[] {
  return [userLimitLabel(plan), ...featuresBesidesUserLimit(plan)];
}
