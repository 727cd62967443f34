import { Banknote, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Language, LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import type { TDashboardStats } from "../../../../shared/schemas/grievances.ts";
import { Card, CardContent } from "../../../components/ui/Card.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";

const money = (language: Language, cents: number, currency: string) => {
  try {
    return new Intl.NumberFormat(LOCALE_TAG[language], { style: "currency", currency }).format(
      cents / 100,
    );
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
};

/**
 * Stewards and admins (issue 19): this year's grievances won or settled (granted, settled, won
 * at arbitration) and the back pay recovered (money remedies confirmed received).
 */
export function OutcomesCard({ outcomes }: { outcomes: NonNullable<TDashboardStats["outcomes"]> }) {
  const { t } = useTranslation("dashboard");
  const language = currentLanguage();
  return (
    <Card data-testid="outcomes-card">
      <CardContent className="grid grid-cols-2 gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
            <span>{t("outcomes.wonOrSettled", { year: outcomes.year })}</span>
            <Trophy aria-hidden className="size-4 shrink-0" />
          </div>
          <p className="text-3xl font-bold" data-testid="stat-won-or-settled">
            {outcomes.wonOrSettled}
          </p>
          <Link to="/grievances?status=resolved" className="text-sm text-primary hover:underline">
            {t("outcomes.viewResolved")}
          </Link>
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
            <span>{t("outcomes.backPay", { year: outcomes.year })}</span>
            <Banknote aria-hidden className="size-4 shrink-0" />
          </div>
          <p className="text-3xl font-bold" data-testid="stat-back-pay">
            {money(language, outcomes.backPayCents, outcomes.currency)}
          </p>
          <p className="text-xs text-muted-foreground">{t("outcomes.confirmed")}</p>
        </div>
      </CardContent>
    </Card>
  );
}
