import { Link } from "react-router";
import { PUBLIC_PAGES } from "../../../../shared/public-pages.ts";
import { usePageMeta } from "../../../lib/page-title.ts";
import { usePricing, useSiteInfo } from "../api/public-api.ts";
import { NoPlansPage } from "../components/NoPlans.tsx";
import { PackageGrid, PricingError } from "../components/PricingSection.tsx";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";

const STEPS = [
  ["Choose", "Pick the package for your kind of site and the add-ons you want."],
  ["Tell us", "Fill in the set-up form: your story, your services, your photos."],
  ["Launch", "We design, build and host it; you review it before it goes live."],
];

export function WebsitePackagesPage() {
  usePageMeta(PUBLIC_PAGES["/website-packages"] ?? { title: "", description: "" });
  const pricing = usePricing();
  const site = useSiteInfo();
  if (site.data?.billing === "off") return <NoPlansPage eyebrow="Website packages" />;
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow="Website packages" title="Websites for every kind of community">
        Nine packages, designed and built by our team and hosted by us. Pay once plus a small
        monthly fee, or spread the build over 12 months.
      </PageHero>
      <section aria-label="Packages" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <ol className="mb-12 grid gap-4 sm:grid-cols-3">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-border bg-card p-5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {i + 1}
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
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
            aria-label="Loading packages"
            className="h-[40rem] animate-pulse rounded-2xl bg-muted/60"
          />
        )}
        <p className="mt-12 text-center text-muted-foreground">
          Not sure which one fits?{" "}
          <Link
            to="/contact?topic=website-packages"
            className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
          >
            Tell us about your project
          </Link>
          .
        </p>
      </section>
    </PublicLayout>
  );
}
