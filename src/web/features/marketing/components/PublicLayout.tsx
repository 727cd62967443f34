import { ArrowLeft } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { LanguageSwitcher } from "../../../components/ui/LanguageSwitcher.tsx";
import { Logo } from "../../../components/ui/Logo.tsx";
import { useSiteInfo } from "../api/public-api.ts";
import { SOCIAL_LINKS } from "../content.ts";
import { SiteHeader } from "./SiteHeader.tsx";
import { SocialIcon } from "./SocialIcon.tsx";

/** The footer's link groups; titles and labels are footer.<key> in the marketing catalogue. */
const FOOTER_LINKS: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: "product",
    links: [
      { label: "features", to: "/home#features" },
      { label: "pricing", to: "/home#pricing" },
      { label: "comparePlans", to: "/platform-plans" },
      { label: "websitePackages", to: "/website-packages" },
    ],
  },
  {
    title: "company",
    links: [
      { label: "securityFaq", to: "/security" },
      { label: "contactSales", to: "/contact" },
      { label: "actions.logIn", to: "/login" },
      { label: "startTrial", to: "/register" },
    ],
  },
];

/** A footer key: 'actions.logIn' is shared with the header, the rest are footer.<key>. */
const footerKey = (key: string) => (key.includes(".") ? key : `footer.${key}`);

export function SiteFooter() {
  const { t } = useTranslation("marketing");
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-sm text-sm text-muted-foreground">{t("footer.tagline")}</p>
          <ul className="flex gap-2" aria-label={t("footer.social")}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.icon}>
                <a
                  href={s.href}
                  aria-label={t(`footer.socialLinks.${s.icon}`)}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="flex size-9 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-primary hover:text-primary"
                >
                  <SocialIcon name={s.icon} className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_LINKS.map((group) => (
          <nav key={group.title} aria-label={t(footerKey(group.title))}>
            <h2 className="text-sm font-semibold">{t(footerKey(group.title))}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-muted-foreground hover:text-foreground">
                    {t(footerKey(l.label))}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 sm:px-6 lg:px-8">
          <p className="text-sm text-muted-foreground">
            {t("footer.rights", { year: new Date().getFullYear() })}
          </p>
          <LanguageSwitcher id="footer-language" />
        </div>
      </div>
    </footer>
  );
}

/**
 * The spec's floating back-to-home button (default target /, label 'Back to home'). It floats
 * only from `xl`, where the page's content leaves the corner free; on narrower screens a
 * floating button covered text and form fields, so there it sits inline above the page.
 */
export function BackToHome({ to = "/" }: { to?: string }) {
  const { t } = useTranslation("marketing");
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6 lg:px-8 xl:contents">
      <Button
        asChild
        variant="outline"
        size="sm"
        className="rounded-full xl:fixed xl:bottom-4 xl:right-4 xl:z-20 xl:shadow-lg"
      >
        <Link to={to}>
          <ArrowLeft aria-hidden />
          {t("footer.backToHome")}
        </Link>
      </Button>
    </div>
  );
}

const AccessGatePage = lazy(async () => ({
  default: (await import("../pages/AccessGatePage.tsx")).AccessGatePage,
}));

/**
 * Header, page, footer; the inner pages add the back-to-home button. With SITE_ACCESS_CODE set
 * every public page shows the access gate until the visitor has entered the code (issue 14).
 */
export function PublicLayout(props: {
  children: ReactNode;
  backToHome?: boolean;
  className?: string;
}) {
  const site = useSiteInfo();
  if (site.isPending) return <div className="min-h-screen" aria-busy="true" />;
  if (site.data?.accessGate) {
    return (
      <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
        <AccessGatePage />
      </Suspense>
    );
  }
  return <PublicFrame {...props} />;
}

function PublicFrame({
  children,
  backToHome = false,
  className,
}: {
  children: ReactNode;
  backToHome?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("marketing");
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t("footer.skip")}
      </a>
      <SiteHeader />
      <main id="main" className={cn("flex-1", className)}>
        {backToHome ? <BackToHome to="/home" /> : null}
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The title block of an inner page. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        <h1 className="mt-3 text-balance text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? (
          <div className="mt-4 text-pretty text-lg text-muted-foreground">{children}</div>
        ) : null}
      </div>
    </section>
  );
}
