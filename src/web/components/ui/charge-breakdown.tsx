import { type ChargeSummary, recurringLabel } from "../../../shared/charges.ts";
import { formatUsd } from "../../../shared/price-math.ts";
import { cn } from "./cn.ts";

/** What follows today's charge, when today's includes the first period: 'Then $55/month from next month.' */
export function afterTodayNote(c: Omit<ChargeSummary, "today">): string | null {
  if (c.interval === null) return null;
  if (!c.firstPeriodToday) return `Then ${recurringLabel(c)}.`;
  if (c.months) {
    const rest = c.months - 1;
    return `Then ${formatUsd(c.recurring)}/month for ${rest} more ${rest === 1 ? "month" : "months"} (${c.months} payments in all).`;
  }
  return `Then ${recurringLabel(c)} from next ${c.interval}.`;
}

/**
 * The one way a screen shows money (issue 14): each amount charged today named ('Set-up',
 * 'First month of hosting'), their total, and what follows. The figures come from
 * chargeSummary (src/shared/charges.ts), which the server's checkout uses too.
 */
export function ChargeBreakdown({
  charges,
  totalLabel = "Due today",
  note,
  className,
  testId = "due-today",
}: {
  charges: Omit<ChargeSummary, "today"> & { today: readonly { label: string; amount: number }[] };
  totalLabel?: string;
  /** Replaces the 'Then ...' line (a trial's checkout says when its first charge comes). */
  note?: string | null;
  className?: string;
  testId?: string;
}) {
  const then = note === undefined ? afterTodayNote(charges) : note;
  return (
    <div className={cn("rounded-lg bg-muted/60 px-3 py-3", className)} data-testid={testId}>
      {charges.today.length > 1 ? (
        <ul className="mb-2 space-y-1 text-sm" aria-label="Charged today">
          {charges.today.map((i) => (
            <li key={i.label} className="flex justify-between gap-4">
              <span>{i.label}</span>
              <span className="font-medium">{formatUsd(i.amount)}</span>
            </li>
          ))}
        </ul>
      ) : charges.today[0] ? (
        <p className="mb-2 text-sm">{charges.today[0].label}</p>
      ) : null}
      <p className="flex items-baseline justify-between gap-4">
        <span className="font-medium">{totalLabel}</span>
        <span className="text-2xl font-bold" data-testid={`${testId}-amount`}>
          {formatUsd(charges.dueToday)}
        </span>
      </p>
      {then ? <p className="mt-1 text-sm text-muted-foreground">{then}</p> : null}
    </div>
  );
}
