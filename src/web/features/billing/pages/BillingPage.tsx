import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { toast } from "../../../lib/toast.ts";
import { useBilling, usePortal } from "../api.ts";
import { ChangePlan } from "../components/ChangePlan.tsx";
import { PurchasedPackages } from "../components/PurchasedPackages.tsx";
import {
  cycleLabel,
  formatCents,
  formatDate,
  formatDollars,
  onNoCardTrial,
  statusLabel,
} from "../format.ts";

const TONE = { success: "green", warning: "yellow", error: "red", info: "blue" } as const;

/** Settings > Billing (admins): plan, status, next charge, change plan, portal, invoices. */
export function BillingPage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("page.title"));
  return (
    <RequirePermission permission="manage:billing">
      <Billing />
    </RequirePermission>
  );
}

function Billing() {
  const { t } = useTranslation("billing");
  const billing = useBilling();
  const portal = usePortal();

  if (billing.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {t("page.loading")}
      </p>
    );
  }
  if (billing.isError) return <Alert tone="error">{billing.error.message}</Alert>;
  const b = billing.data;
  const status = statusLabel(b);
  const trial = onNoCardTrial(b);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/settings" className="text-primary underline underline-offset-2">
            {t("page.settings")}
          </Link>{" "}
          / {t("page.title")}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{t("page.title")}</h1>
        <p className="text-muted-foreground">{t("page.description")}</p>
      </div>
      {b.provider === "test" ? (
        <Alert tone="warning">{translateMessage(BillingMessages.testMode)}</Alert>
      ) : null}
      {b.writeLock ? (
        <Alert tone="error">
          {b.writeLock === "archived" ? t("page.readOnlyArchived") : t("page.readOnly")}
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t("page.currentPlan")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2" data-testid="billing-summary">
            <div>
              <dt className="text-sm text-muted-foreground">{t("page.plan")}</dt>
              <dd className="font-semibold">
                {b.planName} <span className="font-normal">({cycleLabel(b.billingCycle)})</span>
                {trial ? <span className="font-normal">{t("page.onTrial")}</span> : null}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{t("page.status")}</dt>
              <dd>
                <Badge tone={TONE[status.tone]} data-testid="billing-status">
                  {status.label}
                </Badge>
              </dd>
            </div>
            {b.status === "trialing" && b.trialEndsAt ? (
              <div>
                <dt className="text-sm text-muted-foreground">{t("page.trialEnds")}</dt>
                <dd>{formatDate(b.trialEndsAt)}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm text-muted-foreground">{t("page.nextCharge")}</dt>
              <dd>
                {trial
                  ? // No card and no subscription: nothing is charged unless a plan is kept.
                    t("page.noneUntilKept")
                  : b.nextChargeAt && b.nextChargeAmount !== null
                    ? t("page.chargeOn", {
                        amount: formatDollars(b.nextChargeAmount),
                        date: formatDate(b.nextChargeAt),
                      })
                    : b.cancelAtPeriodEnd
                      ? t("page.endsOn", { date: formatDate(b.currentPeriodEnd) })
                      : t("page.none")}
              </dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, {
                  onError: (error) => toast.error(t("page.portal"), { description: error.message }),
                })
              }
            >
              {b.provider === "test" ? t("page.portalTest") : t("page.managePayment")}
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{trial ? t("page.keepPlan") : t("page.changePlan")}</CardTitle>
          {trial ? (
            <CardDescription>
              {t("page.trialNote", { date: formatDate(b.trialEndsAt), plan: b.planName })}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          <ChangePlan billing={b} />
        </CardContent>
      </Card>

      <PurchasedPackages packages={b.websitePackages} />

      <Card>
        <CardHeader>
          <CardTitle>{t("invoices.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {b.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("invoices.none")}</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 font-medium">{t("invoices.date")}</th>
                  <th className="py-1 font-medium">{t("invoices.amount")}</th>
                  <th className="py-1 font-medium">{t("invoices.status")}</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {b.invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-t border-border">
                    <td className="py-1">{formatDate(invoice.createdAt)}</td>
                    <td className="py-1">{formatCents(invoice.amountPaid)}</td>
                    <td className="py-1">
                      {t(`invoices.statuses.${invoice.status}`, {
                        defaultValue: invoice.status.replace("_", " "),
                      })}
                    </td>
                    <td className="py-1 text-right">
                      {invoice.url ? (
                        <a href={invoice.url} className="text-primary hover:underline">
                          {t("invoices.view")}
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
