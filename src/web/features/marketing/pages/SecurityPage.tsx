import { ChevronDown, Database, KeyRound, Lock, UserCog } from "lucide-react";
import { Accordion } from "radix-ui";
import { Link } from "react-router";
import {
  catalogueAnnualSaving,
  formatUsd,
  getPlan,
  subscriptionPlans,
  TRIAL_DAYS,
} from "../../../../shared/plans.ts";
import { PUBLIC_PAGES } from "../../../../shared/public-pages.ts";
import { Button } from "../../../components/ui/button.tsx";
import { usePageMeta } from "../../../lib/page-title.ts";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";

const CARDS = [
  {
    icon: Database,
    title: "Each local's data stays its own",
    text: "Every grievance, document and member record carries its organization. PostgreSQL row-level security refuses any other organization's rows, even if a query forgot to ask.",
  },
  {
    icon: KeyRound,
    title: "Protected accounts",
    text: "Passwords are stored only as salted hashes and must pass strong rules. Accounts are verified by email, and sessions live on the server, where signing out ends them.",
  },
  {
    icon: UserCog,
    title: "Roles and permissions",
    text: "Admins, stewards and members each see and do only what their role allows. A member sees their own grievances; stewards and admins work the local's cases.",
  },
  {
    icon: Lock,
    title: "A record you can trust",
    text: "Every change to a grievance is written to an append-only activity log, so the history of a case cannot be quietly rewritten.",
  },
];

/** The FAQ's prices come from the catalogue (product-decisions.md 20), never typed in. */
function faq() {
  const tiers = subscriptionPlans();
  const founders = getPlan("founders");
  const priceList = tiers
    .map(
      (p) =>
        `${p.name} ${formatUsd(p.monthlyPrice ?? 0)}/month (${formatUsd(p.yearlyPrice ?? 0)}/year)`,
    )
    .join(", ");
  return [
    {
      q: "Is there a free trial?",
      a: `Yes. Every new organization gets a ${TRIAL_DAYS}-day free trial with every feature of its plan. No credit card is needed to start.`,
    },
    {
      q: "What happens to our data if we cancel?",
      a: "Your data is archived for 30 days after you cancel. Come back within those 30 days and everything is where you left it.",
    },
    {
      q: "How much does UnionHall cost?",
      a: `Plans start at ${formatUsd(tiers[0]?.monthlyPrice ?? 0)}/month: ${priceList}. Paying annually saves ${catalogueAnnualSaving()}%. The limited Founders plan is ${formatUsd(founders.setupFee ?? 0)} one-time setup plus ${formatUsd(founders.monthlyPrice ?? 0)}/month, locked for life.`,
    },
    {
      q: "Who can see our local's grievances?",
      a: "Only people in your organization, and only as their role allows: members see the grievances they filed, stewards and admins see the local's cases. No other organization can see anything of yours.",
    },
    {
      q: "How do members join our organization?",
      a: "An admin shares the organization's invitation code or sends an invitation by email. Nobody can join your organization without one, and an admin can change the code at any time.",
    },
  ];
}

export function SecurityPage() {
  usePageMeta(PUBLIC_PAGES["/security"] ?? { title: "", description: "" });
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow="Security and FAQ" title="Your local's data, kept safe">
        Grievances, discipline records and member details are sensitive. Here is how UnionHall
        protects them, and answers to the questions we hear most.
      </PageHero>
      <section
        aria-labelledby="security-cards"
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8"
      >
        <h2 id="security-cards" className="sr-only">
          How we protect your data
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {CARDS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 lg:px-8">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <Accordion.Root
          type="multiple"
          className="mt-8 divide-y divide-border rounded-2xl border border-border bg-card"
        >
          {faq().map(({ q, a }) => (
            <Accordion.Item key={q} value={q}>
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
          <p className="font-semibold">Still have questions?</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Our team is happy to talk about security reviews, data processing and your local's
            needs.
          </p>
          <Button asChild className="mt-4">
            <Link to="/contact">Contact us</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
