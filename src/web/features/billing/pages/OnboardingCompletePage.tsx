import { CheckCircle2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCheckoutSession } from "../api.ts";

/** /onboarding/complete?session_id=: the payment's plan and billing cycle (marketing spec, 4). */
export function OnboardingCompletePage() {
  usePageTitle("Payment complete");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const session = useCheckoutSession(sessionId);
  const failed = !sessionId || session.isError;
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CheckCircle2 aria-hidden className="size-6 text-emerald-600" /> Thank you!
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
            <dl className="grid grid-cols-2 gap-2" data-testid="payment-details">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="font-semibold">{session.data.metadata.planName}</dd>
              <dt className="text-muted-foreground">Billing cycle</dt>
              <dd className="font-semibold">{session.data.metadata.billingCycle}</dd>
            </dl>
          )}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/dashboard">Go to dashboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/settings/billing">Billing</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
