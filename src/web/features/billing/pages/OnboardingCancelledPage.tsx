import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

/** /onboarding/cancelled: nothing was charged; the way back to the plans. */
export function OnboardingCancelledPage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("cancelled.title"));
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <CardTitle>{t("cancelled.title")}</CardTitle>
          <CardDescription>{t("cancelled.description")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/home#pricing">{t("cancelled.tryAgain")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard">{t("cancelled.dashboard")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
