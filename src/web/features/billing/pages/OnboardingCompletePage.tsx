import { CheckCircle2, ClipboardList } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { BillingMessages, type TCheckoutSession } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ChargeBreakdown } from "../../../components/ui/charge-breakdown.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { useCheckoutSession } from "../api.ts";

/**
 * /onboarding/complete?session_id=: 'Payment successful!' with the plan and billing cycle
 * (marketing spec, 4 and 8); for a website package, what was bought and its set-up page next.
 */
export function OnboardingCompletePage() {
  usePageTitle("Checkout complete");
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
              "Thank you!"
            ) : (
              <>
                <CheckCircle2 aria-hidden className="size-6 text-emerald-600" />
                {trialStart ? BillingMessages.trialStarted : BillingMessages.paymentSuccessful}
              </>
            )}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {failed ? (
            <Alert tone="error">
              <p>{BillingMessages.sessionFetchFailed}</p>
              <p className="text-sm">
                {sessionId ? session.error?.message : "The link has no checkout session."}
              </p>
            </Alert>
          ) : session.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <Spinner /> Loading payment details...
            </p>
          ) : (
            <PaymentDetails session={session.data} />
          )}
          <div className="flex flex-wrap gap-2">
            {session.data?.package ? (
              <Button asChild>
                <Link to={session.data.package.setupRoute}>
                  <ClipboardList aria-hidden /> Set up your website
                </Link>
              </Button>
            ) : null}
            <Button asChild variant={session.data?.package ? "outline" : "primary"}>
              <Link to="/dashboard">Go to dashboard</Link>
            </Button>
            {canBill ? (
              <Button asChild variant="outline">
                <Link to="/settings/billing">Billing</Link>
              </Button>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function PaymentDetails({ session }: { session: TCheckoutSession }) {
  const pkg = session.package;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="payment-details">
        <dt className="text-muted-foreground">{pkg ? "Website package" : "Plan"}</dt>
        <dd className="font-semibold">{session.metadata.planName}</dd>
        {pkg ? (
          <>
            <dt className="text-muted-foreground">Payment option</dt>
            <dd className="font-semibold">{pkg.paymentOption}</dd>
            <dt className="text-muted-foreground">Payment</dt>
            <dd className="font-semibold">{pkg.payment}</dd>
            {pkg.addOns.length ? (
              <>
                <dt className="text-muted-foreground">Add-ons</dt>
                <dd>{pkg.addOns.join(", ")}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">Billing cycle</dt>
            <dd className="font-semibold">{session.metadata.billingCycle}</dd>
          </>
        )}
      </dl>
      {/* The same figures as the dialog and checkout (chargeSummary); a trial start paid nothing. */}
      <ChargeBreakdown
        charges={session.charges}
        totalLabel={session.charges.dueToday === 0 ? "Due today" : "Paid today"}
      />
      {pkg ? (
        <p className="text-sm text-muted-foreground">
          Next, tell us about your organization and what the site should say: we start building once
          the set-up details are in.
        </p>
      ) : null}
    </div>
  );
}
