import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { BillingMessages } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useBilling, useCancelTestSubscription } from "../api.ts";

/** Test mode's customer portal: what Stripe's portal offers that the product needs (cancel). */
export function TestPortalPage() {
  usePageTitle("Customer portal (test mode)");
  const billing = useBilling();
  const cancel = useCancelTestSubscription();
  const [asking, setAsking] = useState(false);
  return (
    <RequirePermission permission="manage:billing">
      <div className="mx-auto max-w-lg space-y-4">
        <Alert tone="warning">{BillingMessages.testMode}</Alert>
        <Card>
          <CardHeader>
            <CardTitle>Customer portal</CardTitle>
            <CardDescription>
              {billing.data
                ? `${billing.data.planName}, billed ${billing.data.billingCycle}: ${billing.data.status}.`
                : "Loading..."}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button
              variant="destructive"
              disabled={cancel.isPending || billing.data?.status === "canceled"}
              onClick={() => setAsking(true)}
            >
              Cancel subscription
            </Button>
            {/* Asks first, as Stripe's portal does (issue 14). */}
            <ConfirmDialog
              open={asking}
              title="Cancel the subscription?"
              description="The organization becomes read-only at once: nobody can file, edit or upload, and it is archived after 30 days. Choosing a plan under Billing reopens it."
              confirmLabel="Cancel subscription"
              pendingLabel="Canceling..."
              pending={cancel.isPending}
              onCancel={() => setAsking(false)}
              onConfirm={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    toast.success("Subscription canceled");
                  },
                  onError: (error) => toast.error("Cancel failed", { description: error.message }),
                })
              }
            />
            <Button asChild variant="outline">
              <Link to="/settings/billing">Back to billing</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </RequirePermission>
  );
}
