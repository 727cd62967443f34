import { ToggleGroup } from "radix-ui";
import type { TBillingCycle } from "../../../../shared/plans.ts";

const item =
  "relative inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-sm";

/** Monthly / Annual, the annual side labelled with the saving computed from the prices. */
export function BillingToggle({
  value,
  onChange,
  savingPercent,
}: {
  value: TBillingCycle;
  onChange: (cycle: TBillingCycle) => void;
  savingPercent: number;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(v) => {
        if (v === "monthly" || v === "yearly") onChange(v);
      }}
      aria-label="Billing cycle"
      className="inline-flex items-center gap-1 rounded-full border border-border bg-muted p-1"
    >
      <ToggleGroup.Item value="monthly" className={item}>
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className={item}>
        Annual
        {savingPercent > 0 ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            Save {savingPercent}%
          </span>
        ) : null}
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
