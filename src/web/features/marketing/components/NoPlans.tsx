import { PageHero, PublicLayout } from "./PublicLayout.tsx";

/** BILLING_MODE=off: a union running its own copy has nothing to sell. */
export function NoPlansPage({ eyebrow }: { eyebrow: string }) {
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={eyebrow} title="Nothing to buy here">
        This UnionHall is run by its own union: there are no plans, prices or payments.
      </PageHero>
    </PublicLayout>
  );
}
