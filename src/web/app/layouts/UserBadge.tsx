import { useTranslation } from "react-i18next";
import type { TMe } from "../../../shared/schemas/auth.ts";
import { Avatar } from "../../components/ui/Avatar.tsx";
import { RoleBadge } from "../../components/ui/Badge.tsx";

/** Name (fallback 'User'), role badge and badge number: the bottom of the side menu. */
export function UserSummary({ me }: { me: TMe | undefined }) {
  const { t } = useTranslation();
  const name = me?.user.name || t("shell.userFallback");
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} image={me?.user.image ?? null} />
      {/* Long names and badge numbers wrap rather than being cut off. */}
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium">{name}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          {me?.role ? <RoleBadge role={me.role} /> : null}
          {me?.user.badgeNumber ? (
            <span className="break-all text-xs text-muted-foreground">#{me.user.badgeNumber}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
