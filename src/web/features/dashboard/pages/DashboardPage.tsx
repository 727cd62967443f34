import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { useMe } from "../../../app/session.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

/** The displayed name: the account's name, else the part of the email before '@', else 'New User'. */
const displayName = (name?: string, email?: string) => name || email?.split("@")[0] || "New User";

export function DashboardPage() {
  usePageTitle("Dashboard");
  const { me } = useMe();
  const setupMissing = me?.role === "admin" && me.organization && !me.organization.setupCompleted;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          Welcome back, {displayName(me?.user.name, me?.user.email)}!
        </h1>
        {me?.organization ? <p className="text-muted-foreground">{me.organization.name}</p> : null}
      </div>
      {setupMissing ? (
        <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="block">Organization setup required</strong>
              Add your job titles, departments and locations so members can file grievances.
            </span>
          </span>
          <Button asChild size="sm">
            <Link to="/organization-setup">Complete Organization Setup</Link>
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}
