import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { Button } from "../components/ui/Button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/Card.tsx";
import { LoadingScreen } from "../components/ui/Spinner.tsx";
import { useMe } from "../lib/session.ts";
import { twoFactorSetupFor } from "./navigation.ts";

// The shell is imported on demand here as in the router, so that it stays one file the portal's
// routes load directly (a static import here made the build add a second, re-exporting file to
// every portal page's first load). Fetched as this file runs, in parallel with the session check.
const shell = import("./layouts/AppShell.tsx");
const AppShell = lazy(() => shell.then((m) => ({ default: m.AppShell })));

/** /profile: the portal shell when signed in, and the spec's notice when not. */
export function ProfileGate() {
  const { t } = useTranslation();
  const { isLoading, signedIn, me, rateLimited } = useMe();
  const location = useLocation();
  if (rateLimited) return <LoadingScreen label={t("guard.rateLimited")} />;
  if (isLoading) return <LoadingScreen label={t("guard.verifying")} />;
  // Two-factor required and not set up: only its set-up page opens (issue 14).
  if (me?.organization?.requireTwoFactor && !me.user.twoFactorEnabled)
    return <Navigate to={twoFactorSetupFor(location)} replace />;
  if (!signedIn || !me) {
    return (
      <main className="flex min-h-screen items-center justify-center p-4">
        <Card className="w-full max-w-md text-center">
          <CardHeader>
            <h1 className="text-xl font-semibold">{t("guard.authRequired")}</h1>
            <CardDescription>{t("guard.profileSignIn")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/login" state={{ from: "/profile" }}>
                {t("guard.logIn")}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppShell />
    </Suspense>
  );
}
