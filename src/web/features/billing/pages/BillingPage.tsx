import { Link } from "react-router";
import { toast } from "sonner";
import { formatUsd } from "../../../../shared/plans.ts";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useBilling, usePortal } from "../api.ts";
import { ChangePlan } from "../components/ChangePlan.tsx";
import { PurchasedPackages } from "../components/PurchasedPackages.tsx";
import { formatCents, formatDate, onNoCardTrial, statusLabel } from "../format.ts";

const TONE = { success: "green", warning: "yellow", error: "red", info: "blue" } as const;

/** Settings > Billing (admins): plan, status, next charge, change plan, portal, invoices. */
export function BillingPage() {
  usePageTitle("Billing");
  return (
    <RequirePermission permission="manage:billing">
      <Billing />
    </RequirePermission>
  );
}

function Billing() {
  const billing = useBilling();
  const portal = usePortal();

  if (billing.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> Loading billing...
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
            Settings
          </Link>{" "}
          / Billing
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">Billing</h1>
        <p className="text-muted-foreground">Your organization's plan and payments.</p>
      </div>
      {b.provider === "test" ? <Alert tone="warning">{BillingMessages.testMode}</Alert> : null}
      {b.writeLock ? (
        <Alert tone="error">
          Your organization is read-only
          {b.writeLock === "archived" ? " and archived" : " for 30 days"}. Choose a plan below to
          reopen it.
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Current plan</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2" data-testid="billing-summary">
            <div>
              <dt className="text-sm text-muted-foreground">Plan</dt>
              <dd className="font-semibold">
                {b.planName} <span className="font-normal">({b.billingCycle})</span>
                {trial ? <span className="font-normal"> on its free trial</span> : null}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd>
                <Badge tone={TONE[status.tone]} data-testid="billing-status">
                  {status.label}
                </Badge>
              </dd>
            </div>
            {b.status === "trialing" && b.trialEndsAt ? (
              <div>
                <dt className="text-sm text-muted-foreground">Trial ends</dt>
                <dd>{formatDate(b.trialEndsAt)}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm text-muted-foreground">Next charge</dt>
              <dd>
                {trial
                  ? // No card and no subscription: nothing is charged unless a plan is kept.
                    "None until you keep a plan"
                  : b.nextChargeAt && b.nextChargeAmount !== null
                    ? `${formatUsd(b.nextChargeAmount)} on ${formatDate(b.nextChargeAt)}`
                    : b.cancelAtPeriodEnd
                      ? `Ends on ${formatDate(b.currentPeriodEnd)}`
                      : "None"}
              </dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={portal.isPending}
              onClick={() =>
                portal.mutate(undefined, {
                  onError: (error) =>
                    toast.error("Customer portal", { description: error.message }),
                })
              }
            >
              {b.provider === "test" ? "Customer portal (test mode)" : "Manage payment details"}
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{trial ? "Keep your plan" : "Change plan"}</CardTitle>
          {trial ? (
            <CardDescription>
              Your free trial ends on {formatDate(b.trialEndsAt)}. Keep {b.planName}, or choose
              another plan, to go on after it; nothing is charged before the trial ends.
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
          <CardTitle>Invoices</CardTitle>
        </CardHeader>
        <CardContent>
          {b.invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 font-medium">Date</th>
                  <th className="py-1 font-medium">Amount</th>
                  <th className="py-1 font-medium">Status</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {b.invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-t border-border">
                    <td className="py-1">{formatDate(invoice.createdAt)}</td>
                    <td className="py-1">{formatCents(invoice.amountPaid)}</td>
                    <td className="py-1">{invoice.status.replace("_", " ")}</td>
                    <td className="py-1 text-right">
                      {invoice.url ? (
                        <a href={invoice.url} className="text-primary hover:underline">
                          View
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
