import { Check, Minus, Sparkles } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  DEFAULT_BILLING_CYCLE,
  PLAN_COMPARISON,
  type TBillingCycle,
  type TPlan,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { BillingToggle } from "../../../components/ui/BillingToggle.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useCheckoutPending } from "../../../lib/checkout.ts";
import { usePricing, useSiteInfo } from "../api/public-api.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { NoPlansPage } from "../components/NoPlans.tsx";
import { PriceTag } from "../components/PlanCards.tsx";
import { PricingError } from "../components/PricingSection.tsx";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";
import { usePublicPageMeta } from "../page-meta.ts";
import { useChoose, useSelectedChoice } from "../selection.ts";

type TierId = "starter" | "growth" | "pro";
const TIERS: TierId[] = ["starter", "growth", "pro"];

/** A cell of the comparison (shared/plans.ts PLAN_COMPARISON row `row`, plan `tier`). */
function Cell({ value, row, tier }: { value: boolean | string; row: number; tier: TierId }) {
  const { t } = useTranslation("marketing");
  if (value === true) {
    return (
      <>
        <Check aria-hidden className="mx-auto size-5 text-primary" />
        <span className="sr-only">{t("plans.included")}</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus aria-hidden className="mx-auto size-5 text-muted-foreground/60" />
        <span className="sr-only">{t("plans.notIncluded")}</span>
      </>
    );
  }
  return <span className="text-sm">{t(`comparison.${row}.${tier}`, { defaultValue: value })}</span>;
}

function TrialButton({ plan, cycle }: { plan: TPlan; cycle: TBillingCycle }) {
  const { t } = useTranslation("marketing");
  const name = useCatalogueText().planName(plan);
  const choose = useChoose();
  const processing = useCheckoutPending();
  return (
    <Button
      className="w-full"
      variant={plan.popular ? "primary" : "outline"}
      disabled={processing}
      aria-label={t("plans.startTrialOf", { name })}
      onClick={() => void choose({ kind: "plan", id: plan.id, name, billingCycle: cycle })}
    >
      {processing ? t("actions.processing") : t("actions.startTrial")}
    </Button>
  );
}

export function PlatformPlansPage() {
  usePublicPageMeta("/platform-plans");
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  const feature = (row: number, english: string) =>
    t(`comparison.${row}.feature`, { defaultValue: english });
  const pricing = usePricing();
  const [cycle, setCycle] = useState<TBillingCycle>(DEFAULT_BILLING_CYCLE);
  const selected = useSelectedChoice();
  const plans = TIERS.map((id) => pricing.data?.plans.find((p) => p.id === id)).filter(
    (p): p is TPlan => p !== undefined,
  );
  const site = useSiteInfo();
  if (site.data?.billing === "off") return <NoPlansPage eyebrow={t("platformPlans.eyebrow")} />;

  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={t("platformPlans.eyebrow")} title={t("platformPlans.title")}>
        {t("platformPlans.text", { days: TRIAL_DAYS })}
      </PageHero>
      <section
        aria-label={t("platformPlans.section")}
        className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <div className="mb-8 flex justify-center">
          <BillingToggle
            value={cycle}
            onChange={setCycle}
            savingPercent={pricing.data?.annualSavingPercent ?? 0}
          />
        </div>
        {pricing.isError ? (
          <PricingError />
        ) : pricing.isPending ? (
          <div
            role="status"
            aria-label={t("pricing.loadingPlans")}
            className="h-[40rem] animate-pulse rounded-2xl bg-muted/60"
          />
        ) : (
          <>
            {/* Phones: one card per plan with the same rows. */}
            <div className="space-y-6 md:hidden">
              {plans.map((p) => (
                <section
                  key={p.id}
                  aria-labelledby={`compare-${p.id}`}
                  className={cn(
                    "rounded-2xl border bg-card p-5 shadow-sm",
                    p.popular ? "border-primary ring-1 ring-primary" : "border-border",
                    selected?.kind === "plan" && selected.id === p.id && "ring-2 ring-emerald-500",
                  )}
                >
                  <div className="flex items-center justify-between gap-3">
                    <h2 id={`compare-${p.id}`} className="text-lg font-semibold">
                      {text.planName(p)}
                    </h2>
                    {p.popular ? (
                      <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
                        {t("plans.mostPopular")}
                      </span>
                    ) : null}
                  </div>
                  <div className="mt-2">
                    <PriceTag plan={p} cycle={cycle} size="md" />
                  </div>
                  <dl className="mt-3 divide-y divide-border text-sm">
                    {PLAN_COMPARISON.map((row, index) => (
                      <div
                        key={row.feature}
                        className="flex items-center justify-between gap-4 py-2"
                      >
                        <dt className="text-muted-foreground">{feature(index, row.feature)}</dt>
                        <dd className="text-right">
                          <Cell
                            value={row.values[p.id as TierId]}
                            row={index}
                            tier={p.id as TierId}
                          />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <div className="mt-4">
                    <TrialButton plan={p} cycle={cycle} />
                  </div>
                </section>
              ))}
            </div>
            <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card shadow-sm md:block">
              <table className="w-full table-fixed border-collapse text-center">
                <caption className="sr-only">{t("platformPlans.caption")}</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th
                      scope="col"
                      className="w-[31%] p-4 text-left align-bottom text-sm font-medium text-muted-foreground"
                    >
                      {t("platformPlans.plans")}
                    </th>
                    {plans.map((p) => (
                      <th
                        key={p.id}
                        scope="col"
                        className={cn(
                          "relative p-4 align-top",
                          p.popular && "bg-primary/5",
                          selected?.kind === "plan" && selected.id === p.id && "bg-emerald-500/10",
                        )}
                      >
                        {p.popular ? (
                          <span className="mb-2 inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
                            <Sparkles aria-hidden className="size-3" /> {t("plans.mostPopular")}
                          </span>
                        ) : (
                          <span className="mb-2 block h-5" aria-hidden />
                        )}
                        <span className="block text-lg font-semibold">{text.planName(p)}</span>
                        <span className="mt-2 block">
                          <PriceTag plan={p} cycle={cycle} size="md" center />
                        </span>
                        <span className="mt-3 block">
                          <TrialButton plan={p} cycle={cycle} />
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {PLAN_COMPARISON.map((row, index) => (
                    <tr key={row.feature} className="border-b border-border last:border-0">
                      <th scope="row" className="p-4 text-left text-sm font-medium">
                        {feature(index, row.feature)}
                      </th>
                      {TIERS.map((id) => (
                        <td key={id} className={cn("p-4", id === "growth" && "bg-primary/5")}>
                          <Cell value={row.values[id]} row={index} tier={id} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <p className="mt-8 text-center text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="platformPlans.enterprise"
            components={{
              a: (
                <Link
                  to="/contact?topic=enterprise"
                  className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
                />
              ),
            }}
          />
        </p>
      </section>
    </PublicLayout>
  );
}
