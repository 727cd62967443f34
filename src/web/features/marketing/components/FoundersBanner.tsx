import { Crown } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPlan } from "../../../../shared/price-math.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { useCatalogueText } from "../catalogue-text.ts";
import { lazyWithPreload } from "./lazy-dialog.ts";

// The dialog and its form (react-hook-form, zod) load on demand, not with the landing page.
const FoundersDialog = lazyWithPreload(
  async () => (await import("./FoundersApplyForm.tsx")).FoundersDialog,
);

export function FoundersBanner({ plan }: { plan: TPlan }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  return (
    <section
      aria-labelledby="founders-title"
      className="relative overflow-hidden rounded-2xl border border-amber-300/70 bg-gradient-to-br from-amber-50 via-orange-50 to-amber-100 p-6 shadow-sm sm:p-8 dark:border-amber-500/30 dark:from-amber-950/60 dark:via-stone-900 dark:to-amber-950/40"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-amber-300/30 blur-3xl dark:bg-amber-500/10"
      />
      <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl space-y-3">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-200/80 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-950 dark:bg-amber-500/20 dark:text-amber-200">
            <Crown aria-hidden className="size-3.5" /> {t("founders.badge")}
          </p>
          <h3 id="founders-title" className="text-2xl font-bold tracking-tight">
            {t("founders.title", { name: text.planName(plan) })}
          </h3>
          <p className="text-amber-950/80 dark:text-amber-100/80">
            {t("founders.text", {
              description: text.planDescription(plan),
              setup: text.money(plan.setupFee ?? 0),
              monthly: text.money(plan.monthlyPrice ?? 0),
            })}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-2 lg:items-end">
          <p className="text-3xl font-bold tracking-tight">
            {text.money(plan.monthlyPrice ?? 0)}
            <span className="text-base font-medium text-amber-950/70 dark:text-amber-100/70">
              {t("founders.forLife")}
            </span>
          </p>
          <Button
            size="lg"
            onClick={() => setOpen(true)}
            onPointerEnter={() => void FoundersDialog.preload()}
            onFocus={() => void FoundersDialog.preload()}
            className="bg-amber-950 text-amber-50 hover:bg-amber-900 dark:bg-amber-400 dark:text-amber-950 dark:hover:bg-amber-300"
          >
            {t("founders.apply")}
          </Button>
        </div>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <FoundersDialog.Component plan={plan} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}
