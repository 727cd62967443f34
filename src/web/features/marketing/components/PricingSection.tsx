import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  DEFAULT_BILLING_CYCLE,
  type TBillingCycle,
  type TPlan,
  TRIAL_DAYS,
  type TWebsitePackage,
} from "../../../../shared/price-math.ts";
import { BillingToggle } from "../../../components/ui/BillingToggle.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { usePricing, useSiteInfo } from "../api/public-api.ts";
import { fetchPricing, marketingKeys } from "../queries.ts";
import { FoundersBanner } from "./FoundersBanner.tsx";
import { PackageCard } from "./PackageCards.tsx";
import { EnterpriseCard, PlanCard } from "./PlanCards.tsx";

const FALLBACK_SALES_EMAIL = "sales@unionhall.local";

function CardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="h-96 animate-pulse rounded-2xl border border-border bg-muted/60" />
      ))}
    </div>
  );
}

export function PlanGrid({
  plans,
  cycle,
  salesEmail,
}: {
  plans: TPlan[];
  cycle: TBillingCycle;
  salesEmail: string;
}) {
  const tiers = plans.filter((p) => p.kind === "subscription" && !p.isHidden);
  const enterprise = plans.find((p) => p.kind === "enterprise");
  return (
    <div className="grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-4">
      {tiers.map((p) => (
        <PlanCard key={p.id} plan={p} cycle={cycle} />
      ))}
      {enterprise ? <EnterpriseCard plan={enterprise} salesEmail={salesEmail} /> : null}
    </div>
  );
}

export function PackageGrid({ packages }: { packages: TWebsitePackage[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {packages
        .filter((p) => !p.isHidden)
        .map((p) => (
          <PackageCard key={p.id} pkg={p} />
        ))}
    </div>
  );
}

export function PricingError() {
  const { t } = useTranslation("marketing");
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-medium">{t("pricing.error")}</p>
      <Button
        variant="outline"
        size="sm"
        disabled={retrying}
        onClick={async () => {
          setRetrying(true);
          try {
            await queryClient.fetchQuery({
              queryKey: marketingKeys.pricing,
              queryFn: () => fetchPricing(true),
            });
          } catch {
            // Still failing: the message stays.
          } finally {
            setRetrying(false);
          }
        }}
      >
        {t("pricing.tryAgain")}
      </Button>
    </div>
  );
}

/** The landing page's pricing section (#pricing, #compare-plans, #website-packages). */
export function PricingSection() {
  const { t } = useTranslation("marketing");
  const pricing = usePricing();
  const site = useSiteInfo();
  const [cycle, setCycle] = useState<TBillingCycle>(DEFAULT_BILLING_CYCLE);
  const data = pricing.data;
  const founders = data?.plans.find((p) => p.kind === "founders");
  if (site.data?.billing === "off") return null; // BILLING_MODE=off: nothing to sell

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl space-y-16 px-4 sm:px-6 lg:px-8">
        <div id="compare-plans" className="scroll-mt-24 space-y-10">
          <div className="mx-auto max-w-2xl space-y-4 text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">
              {t("pricing.eyebrow")}
            </p>
            <h2
              id="pricing-title"
              className="text-balance text-3xl font-bold tracking-tight sm:text-4xl"
            >
              {t("pricing.title")}
            </h2>
            <p className="text-lg text-muted-foreground">
              {t("pricing.text", { days: TRIAL_DAYS })}
            </p>
            <BillingToggle
              value={cycle}
              onChange={setCycle}
              savingPercent={data?.annualSavingPercent ?? 0}
            />
          </div>
          {pricing.isPending ? (
            <CardSkeletons count={4} label={t("pricing.loadingPlans")} />
          ) : data ? (
            <PlanGrid
              plans={data.plans}
              cycle={cycle}
              salesEmail={site.data?.salesEmail ?? FALLBACK_SALES_EMAIL}
            />
          ) : (
            <PricingError />
          )}
          <p className="text-center">
            <Link
              to="/platform-plans"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              {t("pricing.compareAll")} <ArrowRight aria-hidden className="size-4" />
            </Link>
          </p>
        </div>

        {founders ? <FoundersBanner plan={founders} /> : null}

        <div id="website-packages" className="scroll-mt-24 space-y-10">
          <div className="mx-auto max-w-2xl space-y-4 text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">
              {t("pricing.packagesEyebrow")}
            </p>
            <h2 className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
              {t("pricing.packagesTitle")}
            </h2>
            <p className="text-lg text-muted-foreground">{t("pricing.packagesText")}</p>
          </div>
          {data ? <PackageGrid packages={data.websitePackages} /> : null}
        </div>

        <p className="text-center text-muted-foreground">
          <Trans
            t={t}
            i18nKey="pricing.questions"
            components={{
              a: (
                <Link
                  to="/contact"
                  className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
                />
              ),
            }}
          />
        </p>
      </div>
    </section>
  );
}
