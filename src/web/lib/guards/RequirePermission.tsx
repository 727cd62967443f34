import { ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Permission } from "../../../shared/permissions.ts";
import { Button } from "../../components/ui/Button.tsx";
import { useCan } from "../session.ts";

export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldX aria-hidden className="size-10 text-destructive" />
      <h1 className="text-xl font-semibold">{t("guard.accessDenied")}</h1>
      <p className="text-muted-foreground">{t("guard.noPermission")}</p>
      <Button asChild>
        <Link to="/dashboard">{t("guard.backToDashboard")}</Link>
      </Button>
    </div>
  );
}

/** A page that needs one permission shows 'Access Denied' to everyone else. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  return useCan(permission) ? children : <AccessDenied />;
}
