import { useMe } from "../../../app/session.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

export function DashboardPage() {
  usePageTitle("Dashboard");
  const { me } = useMe();
  const name = me?.user.name || me?.user.email.split("@")[0] || "New User";
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Welcome back, {name}!</h1>
        {me?.organization ? (
          <p className="text-muted-foreground">{me.organization.name}</p>
        ) : (
          <p className="text-muted-foreground">You are not part of an organization yet.</p>
        )}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Your account</CardTitle>
          <CardDescription>Signed in as {me?.user.email}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {me?.role ? (
            <p>
              Role: <span className="capitalize text-foreground">{me.role}</span>
            </p>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
