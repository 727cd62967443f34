import type { TFunction } from "i18next";
import { ChevronDown, Database, KeyRound, Lock, UserCog } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  catalogueAnnualSaving,
  getPlan,
  subscriptionPlans,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { type CatalogueText, useCatalogueText } from "../catalogue-text.ts";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";
import { usePublicPageMeta } from "../page-meta.ts";

/** The security cards; their words are security.cards.<key>. */
const CARDS = [
  { icon: Database, key: "separate" },
  { icon: KeyRound, key: "accounts" },
  { icon: UserCog, key: "roles" },
  { icon: Lock, key: "record" },
];

/** The FAQ's prices come from the catalogue (product-decisions.md 20), never typed in. */
function faq(t: TFunction, text: CatalogueText) {
  const tiers = subscriptionPlans();
  const founders = getPlan("founders");
  const priceList = tiers
    .map((p) =>
      t("security.faq.cost.price", {
        name: text.planName(p),
        monthly: text.money(p.monthlyPrice ?? 0),
        yearly: text.money(p.yearlyPrice ?? 0),
      }),
    )
    .join(", ");
  const answers: Record<string, Record<string, unknown>> = {
    trial: { days: TRIAL_DAYS },
    cancel: {},
    cost: {
      from: text.money(tiers[0]?.monthlyPrice ?? 0),
      prices: priceList,
      saving: catalogueAnnualSaving(),
      setup: text.money(founders.setupFee ?? 0),
      monthly: text.money(founders.monthlyPrice ?? 0),
    },
    who: {},
    join: {},
  };
  return Object.entries(answers).map(([key, values]) => ({
    key,
    q: t(`security.faq.${key}.q`),
    a: t(`security.faq.${key}.a`, values),
  }));
}

export function SecurityPage() {
  usePublicPageMeta("/security");
  const { t } = useTranslation("marketing");
  const text = useCatalogueText();
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={t("security.eyebrow")} title={t("security.title")}>
        {t("security.text")}
      </PageHero>
      <section
        aria-labelledby="security-cards"
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <h2 id="security-cards" className="sr-only">
          {t("security.cardsTitle")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {CARDS.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`security.cards.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                {t(`security.cards.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          {t("security.faqTitle")}
        </h2>
        <Accordion.Root
          type="multiple"
          className="mt-8 divide-y divide-border rounded-2xl border border-border bg-card"
        >
          {faq(t, text).map(({ key, q, a }) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-muted/50">
                  {q}
                  <ChevronDown
                    aria-hidden
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-muted-foreground">{a}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
        <div className="mt-10 rounded-2xl border border-border bg-muted/50 p-6 text-center">
          <p className="font-semibold">{t("security.stillQuestions")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("security.stillText")}</p>
          <Button asChild className="mt-4">
            <Link to="/contact">{t("actions.contactUs")}</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
