import { useQuery } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router";
import { useMe } from "../../../app/session.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { RoleBadge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { previewInvitation, useAcceptInvitation } from "../api/organizations.ts";
import { useWelcomeIn } from "./useWelcomeIn.ts";

/** The emailed invitation's landing page (signed in): see the organization and role, accept. */
export function AcceptInvitePage() {
  usePageTitle("Invitation");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { me } = useMe();
  const preview = useQuery({
    queryKey: ["/api/invitations/by-token", token],
    queryFn: () => previewInvitation(token),
    enabled: token.length > 0,
  });
  const accept = useAcceptInvitation();
  const welcomeIn = useWelcomeIn();

  if (me?.organization) return <Navigate to="/dashboard" replace />;
  if (token && preview.isPending) return <LoadingScreen label="Opening your invitation..." />;

  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Your invitation</h1>
          <CardDescription>Signed in as {me?.user.email}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {!token || preview.isError ? (
            <Alert tone="error">
              {preview.error?.message ??
                "This invitation link is incomplete. Open the link from your email again."}
            </Alert>
          ) : preview.data ? (
            <>
              <p>
                Join <strong>{preview.data.organizationName}</strong> as{" "}
                <RoleBadge role={preview.data.role} />
              </p>
              {preview.data.email.toLowerCase() !== me?.user.email.toLowerCase() ? (
                <Alert tone="warning">
                  This invitation was sent to {preview.data.email}. Sign out and sign in (or
                  register) with that email to accept it.
                </Alert>
              ) : (
                <Button
                  onClick={() => welcomeIn(accept.mutateAsync(token))}
                  disabled={accept.isPending}
                >
                  {accept.isPending ? "Joining..." : "Accept invitation"}
                </Button>
              )}
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
