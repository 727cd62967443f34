import { useTranslation } from "react-i18next";
import type { ChargeSummary } from "../../../shared/charges.ts";
import { formatMoney } from "../../../shared/i18n/format.ts";
import { currentLanguage, i18n } from "../../lib/i18n.ts";
import { cn } from "./cn.ts";

/** Whole dollars in the language on screen: '$1,500' (formatUsd's figures). */
const money = (amount: number) => formatMoney(currentLanguage(), Math.round(amount));

/** What recurs: '$55/month', '$125/month for 12 months', '$290/year'. */
function recurring(c: Pick<ChargeSummary, "recurring" | "interval" | "months">): string {
  const amount = money(c.recurring);
  if (c.interval === "year") return i18n.t("common:charges.perYear", { amount });
  return c.months
    ? i18n.t("common:charges.perMonthFor", { amount, months: c.months })
    : i18n.t("common:charges.perMonth", { amount });
}

/** What follows today's charge, when today's includes the first period: 'Then $55/month from next month.' */
export function afterTodayNote(c: Omit<ChargeSummary, "today">): string | null {
  if (c.interval === null) return null;
  if (!c.firstPeriodToday) return i18n.t("common:charges.then", { recurring: recurring(c) });
  if (c.months) {
    return i18n.t("common:charges.thenMonths", {
      amount: money(c.recurring),
      count: c.months - 1,
      months: c.months,
    });
  }
  return i18n.t("common:charges.thenFromNext", { recurring: recurring(c), context: c.interval });
}

/**
 * The one way a screen shows money (issue 14): each amount charged today named ('Set-up',
 * 'First month of hosting'), their total, and what follows. The figures come from
 * chargeSummary (src/shared/charges.ts), which the server's checkout uses too.
 */
export function ChargeBreakdown({
  charges,
  totalLabel,
  note,
  className,
  testId = "due-today",
}: {
  charges: Omit<ChargeSummary, "today"> & { today: readonly { label: string; amount: number }[] };
  /** 'Due today' unless given. */
  totalLabel?: string;
  /** Replaces the 'Then ...' line (a trial's checkout says when its first charge comes). */
  note?: string | null;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const then = note === undefined ? afterTodayNote(charges) : note;
  return (
    <div className={cn("rounded-lg bg-muted/60 px-3 py-3", className)} data-testid={testId}>
      {charges.today.length > 1 ? (
        <ul className="mb-2 space-y-1 text-sm" aria-label={t("charges.chargedToday")}>
          {charges.today.map((i) => (
            <li key={i.label} className="flex justify-between gap-4">
              <span>{i.label}</span>
              <span className="font-medium">{money(i.amount)}</span>
            </li>
          ))}
        </ul>
      ) : charges.today[0] ? (
        <p className="mb-2 text-sm">{charges.today[0].label}</p>
      ) : null}
      <p className="flex items-baseline justify-between gap-4">
        <span className="font-medium">{totalLabel ?? t("charges.dueToday")}</span>
        <span className="text-2xl font-bold" data-testid={`${testId}-amount`}>
          {money(charges.dueToday)}
        </span>
      </p>
      {then ? <p className="mt-1 text-sm text-muted-foreground">{then}</p> : null}
    </div>
  );
}
