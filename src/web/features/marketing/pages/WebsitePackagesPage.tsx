import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePricing, useSiteInfo } from "../api/public-api.ts";
import { NoPlansPage } from "../components/NoPlans.tsx";
import { PackageGrid, PricingError } from "../components/PricingSection.tsx";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";
import { usePublicPageMeta } from "../page-meta.ts";

/** The three steps; their words are packages.steps.<key>. */
const STEPS = ["choose", "tell", "launch"] as const;

export function WebsitePackagesPage() {
  usePublicPageMeta("/website-packages");
  const { t } = useTranslation("marketing");
  const pricing = usePricing();
  const site = useSiteInfo();
  if (site.data?.billing === "off") return <NoPlansPage eyebrow={t("packages.eyebrow")} />;
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={t("packages.eyebrow")} title={t("packages.title")}>
        {t("packages.text")}
      </PageHero>
      <section
        aria-label={t("packages.section")}
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <ol className="mb-12 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="flex gap-4 rounded-2xl border border-border bg-card p-5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {i + 1}
              </span>
              <span>
                <span className="block font-semibold">{t(`packages.steps.${step}.title`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`packages.steps.${step}.text`)}
                </span>
              </span>
            </li>
          ))}
        </ol>
        {pricing.isError ? (
          <PricingError />
        ) : pricing.data ? (
          <PackageGrid packages={pricing.data.websitePackages} />
        ) : (
          <div
            role="status"
            aria-label={t("packages.loading")}
            className="h-[40rem] animate-pulse rounded-2xl bg-muted/60"
          />
        )}
        <p className="mt-12 text-center text-muted-foreground">
          <Trans
            t={t}
            i18nKey="packages.notSure"
            components={{
              a: (
                <Link
                  to="/contact?topic=website-packages"
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
