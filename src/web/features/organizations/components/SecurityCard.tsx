import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { meQueryKey, useMe } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";

/** Admins can require two-factor sign-in of everyone in the organization (product-decisions.md 9). */
export function SecurityCard() {
  const { t } = useTranslation("organizations");
  const { me } = useMe();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiRequest<{ requireTwoFactor: boolean }>("/api/organization/security", {
        method: "PUT",
        body: { requireTwoFactor },
      }),
    onSuccess: (data) => {
      toast.success(data.requireTwoFactor ? t("security.required") : t("security.optional"));
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (error) =>
      toast.error(t("security.failed"), { description: translateMessage(error.message) }),
  });
  const required = me?.organization?.requireTwoFactor ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("security.title")}</CardTitle>
        <CardDescription>{t("security.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={required}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
          />
          {t("security.require", {
            organization: me?.organization?.name ?? t("security.theOrganization"),
          })}
        </label>
        {!me?.user.twoFactorEnabled ? (
          <p className="mt-2 text-xs text-muted-foreground">{t("security.ownFirst")}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
