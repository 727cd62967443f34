import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { Button } from "../../components/ui/Button.tsx";
import { LanguageSwitcher } from "../../components/ui/LanguageSwitcher.tsx";
import { Logo } from "../../components/ui/Logo.tsx";
import { ThemeToggle } from "../../components/ui/ThemeToggle.tsx";
import { useSignOut } from "../../lib/use-sign-out.ts";

/** Pages of someone signed in without an organization yet: no portal menu to show. */
export function OnboardingLayout() {
  const { t } = useTranslation();
  const { signOut, signingOut } = useSignOut();
  return (
    <div className="flex min-h-screen flex-col">
      {/* On a phone the logo keeps its width and the controls get smaller (issue 30: the
          language icon covered the logo at 390 px); the sign-out word shows from 640 px. */}
      <header className="flex items-center justify-between gap-2 border-b border-border bg-card px-4 py-3 sm:px-8">
        <div className="shrink-0">
          <Logo to="/dashboard" />
        </div>
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <LanguageSwitcher compact />
          <ThemeToggle />
          <Button variant="ghost" onClick={signOut} disabled={signingOut} className="px-2 sm:px-3">
            <LogOut aria-hidden />
            <span className="sr-only sm:not-sr-only">
              {signingOut ? t("nav.signingOut") : t("nav.signOut")}
            </span>
          </Button>
        </div>
      </header>
      <main className="flex-1 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
