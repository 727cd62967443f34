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
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { InviteCodeCard } from "../components/InviteCodeCard.tsx";
import { SecurityCard } from "../components/SecurityCard.tsx";

/** Admins' organization settings: who can get in (invitation code) and how (two-factor). */
export function SettingsPage() {
  const { t } = useTranslation("organizations");
  usePageTitle(t("settings.pageTitle"));
  return (
    <RequirePermission permission="manage:organization">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t("settings.title")}</h1>
          <p className="text-muted-foreground">{t("settings.subtitle")}</p>
        </div>
        <InviteCodeCard />
        <SecurityCard />
        <Card>
          <CardHeader>
            <CardTitle>{t("settings.billing.title")}</CardTitle>
            <CardDescription>{t("settings.billing.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/settings/billing">{t("settings.billing.open")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </RequirePermission>
  );
}
