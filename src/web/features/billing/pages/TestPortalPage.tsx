import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { toast } from "../../../lib/toast.ts";
import { useBilling, useCancelTestSubscription } from "../api.ts";
import { cycleLabel } from "../format.ts";

/** Test mode's customer portal: what Stripe's portal offers that the product needs (cancel). */
export function TestPortalPage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("portal.pageTitle"));
  const billing = useBilling();
  const cancel = useCancelTestSubscription();
  const [asking, setAsking] = useState(false);
  return (
    <RequirePermission permission="manage:billing">
      <div className="mx-auto max-w-lg space-y-4">
        <Alert tone="warning">{translateMessage(BillingMessages.testMode)}</Alert>
        <Card>
          <CardHeader>
            <CardTitle>{t("portal.title")}</CardTitle>
            <CardDescription>
              {billing.data
                ? t("portal.summary", {
                    plan: billing.data.planName,
                    cycle: cycleLabel(billing.data.billingCycle),
                    status: t(`subscriptionStatus.${billing.data.status}`),
                  })
                : t("portal.loading")}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              disabled={cancel.isPending || billing.data?.status === "canceled"}
              onClick={() => setAsking(true)}
            >
              {t("portal.cancel")}
            </Button>
            {/* Asks first, as Stripe's portal does (issue 14). */}
            <ConfirmDialog
              open={asking}
              title={t("portal.confirmTitle")}
              description={t("portal.confirmDescription")}
              confirmLabel={t("portal.cancel")}
              pendingLabel={t("portal.canceling")}
              pending={cancel.isPending}
              onCancel={() => setAsking(false)}
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    toast.success(t("portal.canceled"));
                  },
                  onError: (error) =>
                    toast.error(t("portal.cancelFailed"), { description: error.message }),
                })
              }
            />
            <Button asChild variant="outline">
              <Link to="/settings/billing">{t("portal.back")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </RequirePermission>
  );
}
