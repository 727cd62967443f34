import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { InviteCodeCard } from "../components/InviteCodeCard.tsx";
import { SecurityCard } from "../components/SecurityCard.tsx";

/** Admins' organization settings: who can get in (invitation code) and how (two-factor). */
export function SettingsPage() {
  usePageTitle("Settings");
  return (
    <RequirePermission permission="manage:organization">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
          <p className="text-muted-foreground">Access to your organization.</p>
        </div>
        <InviteCodeCard />
        <SecurityCard />
        <Card>
          <CardHeader>
            <CardTitle>Billing</CardTitle>
            <CardDescription>
              Plan, status, next charge, payment details and invoices.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/settings/billing">Open billing</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </RequirePermission>
  );
}
