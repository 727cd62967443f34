import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { safeNextPath } from "../../../lib/next-path.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { meQueryKey, useMe } from "../../../lib/session.ts";
import { TwoFactorCard } from "../components/TwoFactorCard.tsx";

/**
 * Where the route guard sends a member whose organization requires two-factor sign-in and who
 * has not turned it on (issue 14): nothing else opens until it is done, then the page they had
 * opened (`?next=`, a path of this site only: next-path.ts; issue 30), else the dashboard.
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation("profile");
  usePageTitle(t("setup.title"));
  const { me, isLoading } = useMe();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  if (isLoading || !me) return <LoadingScreen label={t("setup.loading")} />;
  if (me.user.twoFactorEnabled || !me.organization?.requireTwoFactor)
    return <Navigate to={safeNextPath(params.get("next")) ?? "/dashboard"} replace />;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t("setup.title")}</h1>
      <p className="text-muted-foreground">
        {t("setup.intro", { organization: me.organization.name })}
      </p>
      <TwoFactorCard
        me={me}
        onChange={() => void queryClient.invalidateQueries({ queryKey: meQueryKey })}
      />
    </div>
  );
}
