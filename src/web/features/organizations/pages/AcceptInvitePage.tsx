import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/Alert.tsx";
import { RoleBadge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/Card.tsx";
import { Logo } from "../../../components/ui/Logo.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { ThemeToggle } from "../../../components/ui/ThemeToggle.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { invitationPreviewQuery } from "../../../lib/invitations.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useMe } from "../../../lib/session.ts";
import { useSignOut } from "../../../lib/use-sign-out.ts";
import { useAcceptInvitation } from "../api/organizations.ts";
import { useWelcomeIn } from "./use-welcome-in.ts";

/**
 * The emailed invitation's landing page, signed in or not (issue 14). Signed out it says who
 * invites the reader to which local and offers 'Create an account' (email fixed) or sign-in;
 * the invitation rides through sign-up, verification and sign-in as `next`, and `join=1`
 * (set by the sign-up) accepts it on arrival, so a new member lands in the local in one pass.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation("organizations");
  usePageTitle(t("invitation.pageTitle"));
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const autoJoin = params.get("join") === "1";
  const { isLoading, signedIn, me } = useMe();
  const { signOut, signingOut } = useSignOut();
  const preview = useQuery(invitationPreviewQuery(token));
  const accept = useAcceptInvitation();
  const welcomeIn = useWelcomeIn();
  const here = `/accept-invite?token=${encodeURIComponent(token)}`;
  const emailMatches =
    Boolean(preview.data && me) &&
    preview.data?.email.toLowerCase() === me?.user.email.toLowerCase();
  const joined = useRef(false);

  useEffect(() => {
    if (!autoJoin || !emailMatches || me?.organization || joined.current) return;
    joined.current = true;
    void welcomeIn(accept.mutateAsync(token));
  }, [autoJoin, emailMatches, me?.organization, token, accept, welcomeIn]);

  if (isLoading || (token && preview.isPending))
    return <LoadingScreen label={t("invitation.opening")} />;
  if (me?.organization && !accept.isPending) return <Navigate to="/dashboard" replace />;

  const invitation = preview.data;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between border-b border-border bg-card px-4 py-3 sm:px-8">
        <Logo />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          {signedIn ? (
            <Button variant="ghost" onClick={signOut} disabled={signingOut}>
              {signingOut ? t("invitation.signingOut") : t("invitation.signOut")}
            </Button>
          ) : null}
        </div>
      </header>
      <main className="flex-1 px-4 py-8 sm:px-8">
        <div className="mx-auto max-w-lg">
          <Card>
            <CardHeader>
              <h1 className="text-xl font-semibold tracking-tight">{t("invitation.title")}</h1>
              {me ? (
                <CardDescription>
                  {t("invitation.signedInAs", { email: me.user.email })}
                </CardDescription>
              ) : null}
            </CardHeader>
            <CardContent className="space-y-4">
              {!token || preview.isError ? (
                <Alert tone="error">
                  {preview.error?.message
                    ? translateMessage(preview.error.message)
                    : t("invitation.incomplete")}
                </Alert>
              ) : invitation ? (
                <>
                  <p>
                    <Trans
                      t={t}
                      i18nKey={invitation.invitedBy ? "invitation.invitedBy" : "invitation.invited"}
                      values={{
                        name: invitation.invitedBy,
                        organization: invitation.organizationName,
                      }}
                      components={{
                        who: <strong />,
                        org: <strong />,
                        role: <RoleBadge role={invitation.role} />,
                      }}
                    />
                  </p>
                  {!signedIn ? (
                    <>
                      <p className="text-sm text-muted-foreground">
                        {t("invitation.forEmail", { email: invitation.email })}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        <Button asChild>
                          <Link to={`/register?invite=${encodeURIComponent(token)}`}>
                            {t("invitation.createAccount")}
                          </Link>
                        </Button>
                        <Button asChild variant="outline">
                          <Link to={`/login?next=${encodeURIComponent(here)}`}>
                            {t("invitation.signIn")}
                          </Link>
                        </Button>
                      </div>
                    </>
                  ) : !emailMatches ? (
                    <Alert tone="warning">
                      {t("invitation.otherEmail", { email: invitation.email })}
                    </Alert>
                  ) : (
                    <Button
                      onClick={() => welcomeIn(accept.mutateAsync(token))}
                      disabled={accept.isPending}
                    >
                      {accept.isPending ? t("invitation.joining") : t("invitation.accept")}
                    </Button>
                  )}
                </>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
