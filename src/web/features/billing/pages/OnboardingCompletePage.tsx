import { CheckCircle2, ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { BillingMessages, type TCheckoutSession } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { ChargeBreakdown } from "../../../components/ui/ChargeBreakdown.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { useCheckoutSession } from "../api.ts";
import { cycleLabel } from "../format.ts";

/**
 * /onboarding/complete?session_id=: 'Payment successful!' with the plan and billing cycle
 * (marketing spec, 4 and 8); for a website package, what was bought and its set-up page next.
 */
export function OnboardingCompletePage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("complete.pageTitle"));
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const session = useCheckoutSession(sessionId);
  const failed = !sessionId || session.isError;
  // A website can be bought by anyone signed in; the Billing page is the admins'.
  const canBill = useCan("manage:billing");
  // A trial started with nothing charged is not a payment (issue 14).
  const trialStart = Boolean(session.data?.trialDays) && session.data?.dueToday === 0;
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {failed ? (
              t("complete.thanks")
            ) : (
              <>
                <CheckCircle2 aria-hidden className="size-6 text-emerald-600" />
                {translateMessage(
                  trialStart ? BillingMessages.trialStarted : BillingMessages.paymentSuccessful,
                )}
              </>
            )}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {failed ? (
            <Alert tone="error">
              <p>{translateMessage(BillingMessages.sessionFetchFailed)}</p>
              <p className="text-sm">
                {sessionId ? session.error?.message : t("complete.noSession")}
              </p>
            </Alert>
          ) : session.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Spinner /> {t("complete.loading")}
            </p>
          ) : (
            <PaymentDetails session={session.data} />
          )}
          <div className="flex flex-wrap gap-2">
            {session.data?.package ? (
              <Button asChild>
                <Link to={session.data.package.setupRoute}>
                  <ClipboardList aria-hidden /> {t("complete.setUpWebsite")}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant={session.data?.package ? "outline" : "primary"}>
              <Link to="/dashboard">{t("complete.dashboard")}</Link>
            </Button>
            {canBill ? (
              <Button asChild variant="outline">
                <Link to="/settings/billing">{t("complete.billing")}</Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function PaymentDetails({ session }: { session: TCheckoutSession }) {
  const { t } = useTranslation("billing");
  const pkg = session.package;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="payment-details">
        <dt className="text-muted-foreground">
          {pkg ? t("complete.websitePackage") : t("complete.plan")}
        </dt>
        <dd className="font-semibold">{session.metadata.planName}</dd>
        {pkg ? (
          <>
            <dt className="text-muted-foreground">{t("complete.paymentOption")}</dt>
            <dd className="font-semibold">{pkg.paymentOption}</dd>
            <dt className="text-muted-foreground">{t("complete.payment")}</dt>
            <dd className="font-semibold">{pkg.payment}</dd>
            {pkg.addOns.length ? (
              <>
                <dt className="text-muted-foreground">{t("complete.addOns")}</dt>
                <dd>{pkg.addOns.join(", ")}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">{t("complete.billingCycle")}</dt>
            <dd className="font-semibold">{cycleLabel(session.metadata.billingCycle)}</dd>
          </>
        )}
      </dl>
      {/* The same figures as the dialog and checkout (chargeSummary); a trial start paid nothing. */}
      <ChargeBreakdown
        charges={session.charges}
        totalLabel={
          session.charges.dueToday === 0 ? t("complete.dueToday") : t("complete.paidToday")
        }
      />
      {pkg ? <p className="text-sm text-muted-foreground">{t("complete.next")}</p> : null}
    </div>
  );
}
