import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn.ts";
import { useSignOut } from "../../lib/use-sign-out.ts";

/** Signs out from the side menu or the phone's 'More' panel, which word it differently. */
export function SignOutButton({ label, className }: { label: string; className: string }) {
  const { t } = useTranslation();
  const { signOut, signingOut } = useSignOut();
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={signingOut}
      className={cn(
        "flex items-center gap-3 rounded-md px-3 text-left text-sm font-medium hover:bg-muted",
        className,
      )}
    >
      <LogOut aria-hidden className="size-4" />
      {signingOut ? t("nav.signingOut") : label}
    </button>
  );
}
