import { useTranslation } from "react-i18next";
import type { TBillingCycle } from "../../../shared/price-math.ts";

const CYCLES: { value: TBillingCycle; word: "monthly" | "annual" }[] = [
  { value: "monthly", word: "monthly" },
  { value: "yearly", word: "annual" },
];

/**
 * Monthly / Annual, the annual side labelled with the saving computed from the prices. Native
 * radio buttons styled as a segmented control: arrow keys, one tab stop and screen readers work
 * as they should, with no script to ship for it.
 */
export function BillingToggle({
  value,
  onChange,
  savingPercent,
  name = "billing-cycle",
}: {
  value: TBillingCycle;
  onChange: (cycle: TBillingCycle) => void;
  savingPercent: number;
  name?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1">
      <legend className="sr-only">{t("billingCycle.legend")}</legend>
      {CYCLES.map((c) => (
        <label key={c.value} className="relative cursor-pointer">
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={c.value === value}
            onChange={() => onChange(c.value)}
            className="peer absolute inset-0 cursor-pointer opacity-0"
          />
          <span className="inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-hover:text-foreground">
            {t(`billingCycle.${c.word}`)}
            {c.value === "yearly" && savingPercent > 0 ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                {t("billingCycle.save", { percent: savingPercent })}
              </span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
