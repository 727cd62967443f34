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
      <header className="flex items-center justify-between border-b border-border bg-card px-4 py-3 sm:px-8">
        <Logo to="/dashboard" />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
          <Button variant="ghost" onClick={signOut} disabled={signingOut}>
            <LogOut aria-hidden /> {signingOut ? t("nav.signingOut") : t("nav.signOut")}
          </Button>
        </div>
      </header>
      <main className="flex-1 px-4 py-8 sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
