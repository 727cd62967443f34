import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  catalogueAnnualSaving,
  subscriptionPlans,
  type TBillingCycle,
} from "../../../../shared/plans.ts";
import type { TBillingOverview } from "../../../../shared/schemas/billing.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { BillingToggle } from "../../../components/ui/BillingToggle.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { startCheckout, useCheckoutPending } from "../../../lib/checkout.ts";
import { blockerText, formatDate, formatDollars, onNoCardTrial } from "../format.ts";

/**
 * The plans an admin can choose, the current one labelled as such. On the no-card trial its
 * action is 'Keep {plan} after the trial' (a checkout that keeps the trial's remaining days);
 * paid for at this cycle, there is nothing to buy; any other plan is 'Choose {plan}'.
 */
export function ChangePlan({ billing: b }: { billing: TBillingOverview }) {
  const { t } = useTranslation("billing");
  const navigate = useNavigate();
  const processing = useCheckoutPending();
  const [cycle, setCycle] = useState<TBillingCycle>(b.billingCycle);
  const trial = onNoCardTrial(b);
  const paid = b.subscribed && (b.status === "active" || b.status === "trialing");

  return (
    <div className="space-y-3">
      {/* The pricing pages' segmented Monthly / Annual control (issue 14: not a select in a sentence). */}
      <div className="flex flex-wrap items-center gap-3">
        <BillingToggle
          name="billing-page-cycle"
          value={cycle}
          onChange={setCycle}
          savingPercent={catalogueAnnualSaving()}
        />
        <p className="text-sm text-muted-foreground">{t("plans.catalogue")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {subscriptionPlans().map((plan) => {
          const price = cycle === "yearly" ? plan.yearlyPrice : plan.monthlyPrice;
          const isCurrent = plan.id === b.plan;
          const nothingToBuy = isCurrent && paid && cycle === b.billingCycle;
          // The server refuses the same (issue 14); here it says so before the click.
          const blocker = nothingToBuy ? null : blockerText(plan, b.usage);
          const blockerId = `plan-${plan.id}-blocker`;
          const label = nothingToBuy
            ? t("plans.current")
            : isCurrent && trial
              ? t("plans.keep", { plan: plan.name })
              : t("plans.choose", { plan: plan.name });
          return (
            <section
              key={plan.id}
              aria-label={plan.name}
              data-current={isCurrent || undefined}
              className={cn(
                "flex flex-col rounded-lg border p-3",
                isCurrent ? "border-primary ring-1 ring-primary" : "border-border",
              )}
            >
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{plan.name}</span>
                {isCurrent ? <Badge tone="blue">{t("plans.current")}</Badge> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {t(cycle === "yearly" ? "plans.perYear" : "plans.perMonth", {
                  price: formatDollars(price ?? 0),
                })}
              </p>
              {isCurrent && trial ? (
                <p className="text-sm">
                  {t("plans.trialEnds", { date: formatDate(b.trialEndsAt) })}
                </p>
              ) : null}
              {blocker ? (
                <p id={blockerId} className="mt-2 text-sm text-amber-800 dark:text-amber-300">
                  {blocker}
                </p>
              ) : null}
              <div className="mt-auto pt-3">
                <Button
                  className="w-full"
                  size="sm"
                  variant={nothingToBuy || blocker ? "outline" : "primary"}
                  disabled={processing || nothingToBuy || blocker !== null}
                  aria-describedby={blocker ? blockerId : undefined}
                  onClick={() =>
                    void startCheckout({ planId: plan.id, billingCycle: cycle }, navigate)
                  }
                >
                  {processing ? t("plans.processing") : label}
                </Button>
              </div>
            </section>
          );
        })}
      </div>
    </div>
  );
}
