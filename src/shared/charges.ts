/**
 * What a checkout charges (issue 14, 'money shown must be money charged'). Every screen that
 * shows a price (package dialog, Stripe's line items, the test checkout, the completion, billing
 * and set-up pages) reads it from these functions, so 'Due today' is one figure everywhere.
 * Its own module, beside price-math.ts, so the landing page's first load does not carry it.
 */
import { formatUsd, monthlyLabel, packageTotal, type TWebsitePackage } from "./price-math.ts";

/** One priced line of a checkout: what Stripe gets as a line item, and how screens name it. */
export interface ChargeLine {
  /** The product name on Stripe's page and invoice: 'Union or Labor website: set-up'. */
  name: string;
  /** Whole USD. */
  amount: number;
  interval: "month" | "year" | null;
  /** Monthly payments that stop after this many (a website paid over time); else absent. */
  months?: number | null;
  /** How a screen names the line when it is charged today: 'Set-up', 'First month of hosting'. */
  todayLabel?: string;
}

export interface ChargeItem {
  label: string;
  amount: number;
}

export interface ChargeSummary {
  /** Each amount charged today, named: one-time lines, then the first period of recurring ones. */
  today: ChargeItem[];
  /** Their sum: what the card is charged on completing checkout (0 when a trial comes first). */
  dueToday: number;
  /** The recurring total that follows (after the trial, or from the next period on). */
  recurring: number;
  interval: "month" | "year" | null;
  /** Payments in all when they stop (12 for a build paid over time, the first included). */
  months: number | null;
  /** Whether today's charge includes the first period of the recurring lines (no trial). */
  firstPeriodToday: boolean;
}

/** The name of a line charged today; lines stored before the labels existed fall back to their name. */
function labelToday(line: ChargeLine): string {
  if (line.todayLabel) return line.todayLabel;
  if (line.interval === null) return line.name;
  return `First ${line.interval} of ${line.name}`;
}

/**
 * What a checkout charges today and after: a subscription checkout (Stripe's, and the test
 * mode's) charges the one-time lines and the first period of the recurring ones at once,
 * unless a trial comes first, when only the one-time lines are due.
 */
export function chargeSummary(
  lines: readonly ChargeLine[],
  trialDays: number | null,
): ChargeSummary {
  const recurringLines = lines.filter((l) => l.interval !== null);
  const firstPeriodToday = !trialDays && recurringLines.length > 0;
  const todayLines = [
    ...lines.filter((l) => l.interval === null),
    ...(firstPeriodToday ? recurringLines : []),
  ];
  const today = todayLines.map((l) => ({ label: labelToday(l), amount: l.amount }));
  return {
    today,
    dueToday: today.reduce((s, i) => s + i.amount, 0),
    recurring: recurringLines.reduce((s, l) => s + l.amount, 0),
    interval: recurringLines[0]?.interval ?? null,
    months: recurringLines.find((l) => l.months)?.months ?? null,
    firstPeriodToday,
  };
}

/**
 * A website package's checkout lines: the set-up fee (or down payment) with the one-time
 * add-ons, and the monthly hosting (or monthly payment) with the monthly add-ons, whose first
 * month is charged today with the rest. The server sells exactly these; the dialog shows them.
 */
export function packageChargeLines(
  pkg: TWebsitePackage,
  paymentOptionIndex: number,
  addOnIds: Iterable<string>,
): ChargeLine[] {
  const total = packageTotal(pkg, paymentOptionIndex, addOnIds);
  const overTime = total.months !== null;
  const option = pkg.modalContent.paymentOptions[paymentOptionIndex];
  const down = option?.downPayment != null;
  return [
    {
      name: `${pkg.name} website: ${down ? "down payment" : "set-up"}`,
      amount: total.dueToday,
      interval: null,
      todayLabel: down ? "Down payment" : "Set-up",
    },
    {
      name: `${pkg.name} website: ${overTime ? "monthly payment" : "monthly hosting"}`,
      amount: total.monthly,
      interval: "month",
      months: total.months,
      todayLabel: overTime ? "First monthly payment" : "First month of hosting",
    },
  ];
}

/** A package as chosen in its dialog: the summary of its checkout lines, with no trial. */
export function packageCharges(
  pkg: TWebsitePackage,
  paymentOptionIndex: number,
  addOnIds: Iterable<string>,
): ChargeSummary {
  return chargeSummary(packageChargeLines(pkg, paymentOptionIndex, addOnIds), null);
}

/** 'Set-up $1,500 + First month of hosting $55'. */
export function chargeItemsLabel(items: readonly ChargeItem[]): string {
  return items.map((i) => `${i.label} ${formatUsd(i.amount)}`).join(" + ");
}

/** What follows today's charge: '$55/month', '$125/month for 12 months', '$290/year'. */
export function recurringLabel(
  s: Pick<ChargeSummary, "recurring" | "interval" | "months">,
): string {
  if (s.interval === null) return "";
  return s.interval === "year"
    ? `${formatUsd(s.recurring)}/year`
    : monthlyLabel(s.recurring, s.months);
}
