import { Check } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TBillingCycle, TPlan } from "../../../../shared/price-math.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useCheckoutPending } from "../../../lib/checkout.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { useChoose, useSelectedChoice } from "../selection.ts";
import { lazyWithPreload } from "./lazy-dialog.ts";

const PlanDialog = lazyWithPreload(
  async () => (await import("./PlanDialogs.tsx")).PlanDetailsDialog,
);
const EnterpriseDialog = lazyWithPreload(
  async () => (await import("./PlanDialogs.tsx")).EnterpriseDetailsDialog,
);

/** The plan's price for the cycle; `per` is the catalogue key of '/year' or '/month'. */
export function planPrice(plan: TPlan, cycle: TBillingCycle) {
  const amount = cycle === "yearly" ? plan.yearlyPrice : plan.monthlyPrice;
  return { amount, per: cycle === "yearly" ? "price.perYear" : "price.perMonth" };
}

/** '$58 saved a year' next to the annual price: computed, never typed in. */
function yearlySaving(plan: TPlan): number | null {
  if (plan.monthlyPrice === null || plan.yearlyPrice === null) return null;
  const saving = plan.monthlyPrice * 12 - plan.yearlyPrice;
  return saving > 0 ? saving : null;
}

export function PriceTag({
  plan,
  cycle,
  size = "lg",
  center = false,
}: {
  plan: TPlan;
  cycle: TBillingCycle;
  size?: "lg" | "md";
  center?: boolean;
}) {
  const { t } = useTranslation("marketing");
  const { money } = useCatalogueText();
  const { amount, per } = planPrice(plan, cycle);
  const saving = cycle === "yearly" ? yearlySaving(plan) : null;
  if (amount === null) {
    return (
      <p className={cn("font-bold tracking-tight", size === "lg" ? "text-4xl" : "text-2xl")}>
        {t("price.custom")}
      </p>
    );
  }
  return (
    <div className={center ? "text-center" : undefined}>
      <p className={cn("flex items-baseline gap-1", center && "justify-center")}>
        <span className={cn("font-bold tracking-tight", size === "lg" ? "text-4xl" : "text-2xl")}>
          {money(amount)}
        </span>
        <span className="text-sm text-muted-foreground">{t(per)}</span>
      </p>
      <p className="mt-1 h-5 text-sm text-emerald-700 dark:text-emerald-400">
        {saving ? t("price.savedAYear", { amount: money(saving) }) : null}
      </p>
    </div>
  );
}

export function FeatureList({
  items,
  className,
}: {
  items: readonly string[];
  className?: string;
}) {
  return (
    <ul className={cn("space-y-2.5 text-sm", className)}>
      {items.map((f) => (
        <li key={f} className="flex gap-2.5">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}

export function PlanCard({ plan, cycle }: { plan: TPlan; cycle: TBillingCycle }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const name = text.planName(plan);
  const choose = useChoose();
  const processing = useCheckoutPending();
  const selected = useSelectedChoice();
  const isSelected = selected?.kind === "plan" && selected.id === plan.id;
  const onChoose = () => {
    setOpen(false);
    void choose({ kind: "plan", id: plan.id, name, billingCycle: cycle });
  };
  return (
    <article
      id={`plan-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
      data-selected={isSelected || undefined}
      className={cn(
        "relative flex scroll-mt-28 flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow",
        plan.popular
          ? "border-primary shadow-lg shadow-primary/10 ring-1 ring-primary"
          : "border-border",
        isSelected && "ring-2 ring-emerald-500 border-emerald-500",
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          {t("plans.mostPopular")}
        </p>
      ) : null}
      {isSelected ? (
        <p className="absolute right-4 top-4 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
          {t("plans.selected")}
        </p>
      ) : null}
      <h3 id={`plan-${plan.id}-name`} className="text-lg font-semibold">
        {name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">{text.planDescription(plan)}</p>
      <div className="mt-5">
        <PriceTag plan={plan} cycle={cycle} />
      </div>
      <FeatureList items={text.planFeatureLines(plan).slice(0, 5)} className="mt-5 flex-1" />
      <div className="mt-6 space-y-2">
        <Button
          className="w-full"
          variant={plan.popular ? "primary" : "outline"}
          onClick={onChoose}
          disabled={processing}
          aria-label={t("plans.startTrialOf", { name })}
        >
          {processing ? t("actions.processing") : t("actions.startTrial")}
        </Button>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void PlanDialog.preload()}
          onFocus={() => void PlanDialog.preload()}
          aria-label={t("plans.viewDetailsOf", { name })}
        >
          {t("actions.viewDetails")}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <PlanDialog.Component
            plan={plan}
            cycle={cycle}
            open={open}
            onOpenChange={setOpen}
            onChoose={onChoose}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** The contact form with its topic chosen: where Enterprise's 'Contact Sales' leads. */
export const ENTERPRISE_CONTACT = "/contact?topic=enterprise";

/**
 * Enterprise: custom pricing, no checkout. 'Contact Sales' opens the contact form (stored and
 * mailed to sales, product-decisions.md 24); the spec's mail draft stays as a secondary link.
 */
export function EnterpriseCard({ plan, salesEmail }: { plan: TPlan; salesEmail: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const name = text.planName(plan);
  const mailto = `mailto:${salesEmail}?subject=${encodeURIComponent(t("plans.enterpriseSubject"))}`;
  return (
    <article
      id="plan-enterprise"
      aria-labelledby="plan-enterprise-name"
      className="relative flex scroll-mt-28 flex-col rounded-2xl border border-border bg-gradient-to-b from-slate-900 to-slate-800 p-6 text-slate-100 shadow-sm dark:from-slate-900 dark:to-slate-950"
    >
      <h3 id="plan-enterprise-name" className="flex items-center gap-2 text-lg font-semibold">
        {name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-slate-300">{text.planDescription(plan)}</p>
      <div className="mt-5">
        <p className="text-4xl font-bold tracking-tight">{t("price.custom")}</p>
        <p className="mt-1 h-5 text-sm text-slate-300">{t("plans.pricedForYou")}</p>
      </div>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {text.planFeatureLines(plan).map((f) => (
          <li key={f} className="flex gap-2.5">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        <Button asChild className="w-full bg-white text-slate-900 hover:bg-slate-200">
          <Link to={ENTERPRISE_CONTACT}>{t("actions.contactSales")}</Link>
        </Button>
        <p className="text-center text-sm">
          <a href={mailto} className="text-slate-200 underline underline-offset-4 hover:text-white">
            {t("plans.orEmailSales")}
          </a>
        </p>
        <Button
          variant="ghost"
          className="w-full text-slate-100 hover:bg-white/10"
          onClick={() => setOpen(true)}
          onPointerEnter={() => void EnterpriseDialog.preload()}
          onFocus={() => void EnterpriseDialog.preload()}
          aria-label={t("plans.viewDetailsOf", { name })}
        >
          {t("actions.viewDetails")}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <EnterpriseDialog.Component
            plan={plan}
            salesEmail={salesEmail}
            mailto={mailto}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
