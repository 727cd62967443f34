import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/Alert.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { meQueryKey, useMe } from "../../../lib/session.ts";
import { AccountCard } from "../components/AccountCard.tsx";
import { CalendarFeedCard } from "../components/CalendarFeedCard.tsx";
import { ChangePasswordForm } from "../components/ChangePasswordForm.tsx";
import { DetailsForm } from "../components/DetailsForm.tsx";
import { LanguageCard } from "../components/LanguageCard.tsx";
import { ReminderSettingsCard } from "../components/ReminderSettingsCard.tsx";
import { SessionsCard } from "../components/SessionsCard.tsx";
import { TwoFactorCard } from "../components/TwoFactorCard.tsx";

export function ProfilePage() {
  const { t } = useTranslation("profile");
  usePageTitle(t("title"));
  const { me } = useMe();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  if (!me) return null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: meQueryKey });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      {params.get("twoFactor") === "required" ? (
        <Alert tone="warning">
          {me.organization
            ? t("twoFactorRequired", { organization: me.organization.name })
            : t("twoFactorRequiredYours")}
        </Alert>
      ) : null}
      <AccountCard me={me} />
      <DetailsForm key={me.user.id} me={me} />
      <LanguageCard />
      {me.role === "steward" || me.role === "admin" ? (
        <>
          <ReminderSettingsCard />
          <CalendarFeedCard admin={me.role === "admin"} />
        </>
      ) : null}
      <TwoFactorCard me={me} onChange={refresh} />
      <ChangePasswordForm />
      <SessionsCard />
    </div>
  );
}
