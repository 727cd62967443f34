import { useTranslation } from "react-i18next";
import { PageHero, PublicLayout } from "./PublicLayout.tsx";

/** BILLING_MODE=off: a union running its own copy has nothing to sell. */
export function NoPlansPage({ eyebrow }: { eyebrow: string }) {
  const { t } = useTranslation("marketing");
  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={eyebrow} title={t("noPlans.title")}>
        {t("noPlans.text")}
      </PageHero>
    </PublicLayout>
  );
}
