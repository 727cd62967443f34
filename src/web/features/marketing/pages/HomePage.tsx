import { ArrowRight, Check, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { TRIAL_DAYS } from "../../../../shared/price-math.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { holdEarlyClicks } from "../components/early-clicks.ts";
import { lazyWithPreload } from "../components/lazy-dialog.ts";
import { PublicLayout } from "../components/PublicLayout.tsx";
import { FEATURES, TESTIMONIALS, TRUST_POINTS } from "../content.ts";
import { usePublicPageMeta } from "../page-meta.ts";

/** What a person does that must never be met by the page moving under them. */
const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * Scrolls to the address's #anchor (react-router does not). The target may not exist yet (the
 * pricing section loads on demand): look for it for a few seconds, then scroll once more after
 * the content around it has settled, only if it moved and only if the reader has not begun to
 * act: a click in those 300 ms once landed on whatever the second scroll brought under the
 * pointer (the pricing test's 'View details of Growth' opened no dialog).
 */
function ScrollToHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs it on every visit
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let settle: ReturnType<typeof setTimeout> | undefined;
    const stopSettling = () => clearTimeout(settle);
    let tries = 0;
    const find = setInterval(() => {
      const target = document.getElementById(id);
      const ready = target && target.getAttribute("aria-busy") !== "true";
      if (ready || ++tries > 50) {
        clearInterval(find);
        if (!target) return;
        target.scrollIntoView({ block: "start" });
        const top = target.getBoundingClientRect().top;
        for (const input of INPUTS)
          window.addEventListener(input, stopSettling, { once: true, passive: true });
        settle = setTimeout(() => {
          if (Math.abs(target.getBoundingClientRect().top - top) > 1) {
            target.scrollIntoView({ block: "start" });
          }
        }, 300);
      }
    }, 60);
    return () => {
      clearInterval(find);
      stopSettling();
      for (const input of INPUTS) window.removeEventListener(input, stopSettling);
    };
  }, [hash, key]);
  return null;
}

/** The anchors inside the pricing section. */
const PRICING_ANCHORS = ["#pricing", "#compare-plans", "#website-packages"];

const loadPricing = async () => (await import("../components/PricingSection.tsx")).PricingSection;
const Pricing = lazyWithPreload(loadPricing);

/**
 * At build (Vite's SSR build for scripts/build/prerender.ts) the section is imported up front,
 * so that rendering it never suspends: a suspended part would be written hidden, with an inline
 * script to reveal it that the CSP blocks. The browser's build drops this branch.
 */
const BuildPricing = import.meta.env.SSR ? await loadPricing() : null;

/** Marks the pricing section the build pre-rendered into the page's HTML. */
const PRERENDERED_PRICING = "data-prerendered-pricing";

/**
 * Resolves when the element with `id` comes within a screen of the viewport (or at once
 * without IntersectionObserver).
 */
function nearViewport(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
  });
}

/**
 * The pre-rendered page's pricing section. At build it renders in full (the prices are in the
 * HTML). In the browser React keeps that HTML as it is while this code waits, and hydrates it
 * when the visitor comes near it or follows an anchor to it, so its script is not part of the
 * first load.
 */
const PrerenderedPricing = lazy(async () => {
  if (!PRICING_ANCHORS.includes(window.location.hash))
    await Promise.race([nearViewport("pricing"), pricingAskedFor]);
  return { default: await loadPricing() };
});

/** Resolves when the visitor reaches for the pre-rendered section before its code is there. */
let askForPricing: () => void = () => {};
const pricingAskedFor = new Promise<void>((resolve) => {
  askForPricing = resolve;
});

/** Says when the pre-rendered section it sits beside has hydrated (its effects run together). */
function OnLive({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]); // live() is idempotent
  return null;
}

/**
 * The pricing section, far below the fold, loads when the visitor comes within about two
 * screens of it or follows an anchor to it (docs/decisions/010). Until then a placeholder holds
 * its place and its anchors. On a page pre-rendered at build it is already there.
 */
function DeferredPricing() {
  const [prerendered] = useState(
    () =>
      typeof document === "undefined" ||
      document.querySelector(`[${PRERENDERED_PRICING}]`) !== null,
  );
  // A click on the section before its code arrives is held and played once it is live, and
  // asks for the code at once (issue 15: it used to be lost).
  const wrapper = useRef<HTMLDivElement>(null);
  const hold = useRef<ReturnType<typeof holdEarlyClicks> | null>(null);
  const live = useRef(false);
  useEffect(() => {
    if (!prerendered || BuildPricing || live.current || !wrapper.current) return;
    const held = holdEarlyClicks(wrapper.current, askForPricing);
    hold.current = held;
    return () => held.dispose();
  }, [prerendered]);
  if (prerendered) {
    return (
      <div ref={wrapper} {...{ [PRERENDERED_PRICING]: "" }}>
        <Suspense fallback={null}>
          {BuildPricing ? (
            <BuildPricing />
          ) : (
            <>
              <PrerenderedPricing />
              <OnLive
                onLive={() => {
                  live.current = true;
                  hold.current?.live();
                }}
              />
            </>
          )}
        </Suspense>
      </div>
    );
  }
  return <PlaceholderPricing />;
}

function PlaceholderPricing() {
  const { hash } = useLocation();
  const placeholder = useRef<HTMLElement>(null);
  const [wanted, setWanted] = useState(() => PRICING_ANCHORS.includes(hash));
  useEffect(() => {
    if (PRICING_ANCHORS.includes(hash)) setWanted(true);
  }, [hash]);
  useEffect(() => {
    const element = placeholder.current;
    if (wanted || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted(true);
      },
      { rootMargin: "1200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  const { t } = useTranslation("marketing");
  const fallback = (
    <section
      ref={placeholder}
      id="pricing"
      aria-busy="true"
      aria-label={t("home.pricingPlaceholder")}
      className="min-h-screen scroll-mt-16"
    >
      <span id="compare-plans" />
      <span id="website-packages" />
    </section>
  );
  if (!wanted) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Pricing.Component />
    </Suspense>
  );
}

/** The preview's figures; labels are home.preview.<label>, titles home.preview.rows.<title>. */
const PREVIEW_STATS = [
  { label: "total", value: 42, tone: "text-foreground" },
  { label: "resolved", value: 28, tone: "text-emerald-600 dark:text-emerald-400" },
  { label: "pending", value: 9, tone: "text-amber-600 dark:text-amber-400" },
  { label: "escalated", value: 5, tone: "text-red-600 dark:text-red-400" },
];
const PREVIEW_ROWS = [
  { id: "G-2026-0042", title: "overtime", status: "pending" },
  { id: "G-2026-0041", title: "restBreak", status: "resolved" },
  { id: "G-2026-0039", title: "discipline", status: "escalated" },
];
const STATUS_TONE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  resolved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  escalated: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** An illustration of the portal's dashboard (drawn, not a screenshot). */
function ProductPreview() {
  const { t } = useTranslation("marketing");
  return (
    <div
      role="img"
      aria-label={t("home.preview.label")}
      className="relative mx-auto w-full min-w-0 max-w-lg"
    >
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-primary/25 via-sky-400/10 to-emerald-400/20 blur-2xl"
      />
      <div className="overflow-hidden rounded-2xl border border-border bg-card shadow-2xl shadow-primary/10">
        <div className="flex items-center gap-1.5 border-b border-border bg-muted/60 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 text-xs text-muted-foreground">{t("home.preview.window")}</span>
        </div>
        <div className="space-y-4 p-5">
          <div>
            <p className="text-sm font-semibold">{t("home.preview.welcome")}</p>
            <p className="text-xs text-muted-foreground">{t("home.preview.local")}</p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PREVIEW_STATS.map((s) => (
              <div key={s.label} className="rounded-lg border border-border p-2.5">
                <p className="text-[11px] text-muted-foreground">{t(`home.preview.${s.label}`)}</p>
                <p className={`text-xl font-bold ${s.tone}`}>{s.value}</p>
              </div>
            ))}
          </div>
          <div className="divide-y divide-border rounded-lg border border-border">
            {PREVIEW_ROWS.map((r) => (
              <div key={r.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-xs font-medium">
                    {t(`home.preview.rows.${r.title}`)}
                  </p>
                  <p className="text-[11px] text-muted-foreground">{r.id}</p>
                </div>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium ${STATUS_TONE[r.status]}`}
                >
                  {t(`home.preview.${r.status}`)}
                </span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function Hero() {
  const { t } = useTranslation("marketing");
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_20%_0%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent),radial-gradient(50%_50%_at_90%_20%,rgb(16_185_129/0.10),transparent)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:48px_48px] opacity-40 [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pb-28">
        <div className="min-w-0 space-y-7">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-3 py-1 text-sm text-muted-foreground shadow-sm">
            <ShieldCheck aria-hidden className="size-4 text-primary" /> {t("home.hero.badge")}
          </p>
          <h1 className="text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            {t("home.hero.title")}{" "}
            <span className="bg-gradient-to-r from-primary to-sky-500 bg-clip-text text-transparent">
              {t("home.hero.titleAccent")}
            </span>
          </h1>
          <p className="max-w-xl text-pretty text-lg text-muted-foreground">
            {t("home.hero.text")}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/register">
                {t("home.hero.tryFree", { days: TRIAL_DAYS })} <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#pricing">{t("home.hero.seePricing")}</a>
            </Button>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {[
              t("home.hero.noCard"),
              t("home.hero.trial", { days: TRIAL_DAYS }),
              t("home.hero.setUp"),
            ].map((line) => (
              <li key={line} className="flex items-center gap-1.5">
                <Check aria-hidden className="size-4 text-emerald-500" /> {line}
              </li>
            ))}
          </ul>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

function TrustBlock() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="trust-title" className="border-y border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_2fr] lg:px-8">
        <div className="space-y-3">
          <p className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <ShieldCheck aria-hidden className="size-5" />
          </p>
          <h2 id="trust-title" className="text-2xl font-bold tracking-tight">
            {t("home.trust.title")}
          </h2>
          <p className="text-muted-foreground">{t("home.trust.text")}</p>
          <Link
            to="/security"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {t("home.trust.link")} <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <ul className="grid gap-6 sm:grid-cols-3">
          {TRUST_POINTS.map((p) => (
            <li key={p} className="space-y-2 rounded-xl border border-border p-5">
              <p className="font-semibold">{t(`home.trust.points.${p}.title`)}</p>
              <p className="text-sm text-muted-foreground">{t(`home.trust.points.${p}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation("marketing");
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl space-y-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t("home.features.eyebrow")}
          </p>
          <h2
            id="features-title"
            className="text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {t("home.features.title")}
          </h2>
          <p className="text-lg text-muted-foreground">{t("home.features.text")}</p>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, key }) => (
            <li
              key={key}
              className="group rounded-2xl border border-border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                {t(`home.features.items.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">
                {t(`home.features.items.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Testimonials() {
  const { t } = useTranslation("marketing");
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 border-y border-border bg-muted/50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl space-y-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t("home.testimonials.eyebrow")}
          </p>
          <h2
            id="testimonials-title"
            className="text-balance text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {t("home.testimonials.title")}
          </h2>
          <p className="text-muted-foreground">{t("home.testimonials.note")}</p>
        </div>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((key) => (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
                <span aria-hidden className="font-serif text-5xl leading-none text-primary/40">
                  “
                </span>
                <blockquote className="flex-1 text-pretty">
                  {t(`home.testimonials.items.${key}.quote`)}
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span>
                    <span className="block font-semibold">
                      {t(`home.testimonials.items.${key}.author`)}
                    </span>
                    <span className="block text-sm text-muted-foreground">
                      {t(`home.testimonials.items.${key}.role`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const { t } = useTranslation("marketing");
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="pointer-events-none absolute -left-20 -top-20 size-72 rounded-full bg-sky-400/25 blur-3xl"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute -bottom-24 -right-10 size-72 rounded-full bg-emerald-400/20 blur-3xl"
        />
        <h2
          id="cta-title"
          className="relative text-balance text-3xl font-bold tracking-tight sm:text-4xl"
        >
          {t("home.cta.title")}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-blue-100">
          {t("home.cta.text", { days: TRIAL_DAYS })}
        </p>
        <div className="relative mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-white text-blue-800 hover:bg-blue-50">
            <Link to="/register">{t("home.cta.start")}</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-white hover:bg-white/10"
          >
            <Link to="/login">{t("home.cta.learnMore")}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  usePublicPageMeta("/home");
  return (
    <PublicLayout>
      {/* A leaf of its own: a change of #anchor re-renders it alone. Re-rendering the page
          would reach the pre-rendered pricing section while it waits for its code, and React
          would drop its HTML for the empty fallback ('Pricing' in the header emptied it). */}
      <ScrollToHash />
      <Hero />
      <TrustBlock />
      <Features />
      <Testimonials />
      <DeferredPricing />
      <ClosingCallToAction />
    </PublicLayout>
  );
}
