import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { calendarQuery, profileKeys } from "../queries.ts";

/**
 * A private calendar address of the deadlines this steward answers for (or, for an admin, the
 * whole local's). The server keeps only a hash, so the address shows once, when created.
 */
export function CalendarFeedCard({ admin }: { admin: boolean }) {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const status = useQuery(calendarQuery());
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const [url, setUrl] = useState<string | null>(null);
  const failed = (error: Error) => toastError(t("calendar.failed"), error);
  const create = useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>("/api/profile/calendar", { method: "POST", body: { scope } }),
    onSuccess: (data) => {
      setUrl(data.url);
      void queryClient.invalidateQueries({ queryKey: profileKeys.calendar });
    },
    onError: (error) => failed(error),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest("/api/profile/calendar", { method: "DELETE" }),
    onSuccess: () => {
      setUrl(null);
      toast.success(t("calendar.revoked"));
      void queryClient.invalidateQueries({ queryKey: profileKeys.calendar });
    },
    onError: (error) => failed(error),
  });
  const active = status.data?.active ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("calendar.title")}</CardTitle>
        <CardDescription>{t("calendar.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {admin ? (
          <div className="flex flex-col gap-1 text-sm sm:max-w-xs">
            <label htmlFor="calendar-scope" className="font-medium">
              {t("calendar.scope")}
            </label>
            <Select
              id="calendar-scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as "mine" | "all")}
            >
              <option value="mine">{t("calendar.scopeMine")}</option>
              <option value="all">{t("calendar.scopeAll")}</option>
            </Select>
          </div>
        ) : null}
        {url ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              value={url}
              aria-label={t("calendar.address")}
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success(t("calendar.copied")))
                  .catch(() => toast.error(t("calendar.copyFailed")))
              }
            >
              {t("calendar.copy")}
            </Button>
          </div>
        ) : active ? (
          <p className="text-sm text-muted-foreground">
            {status.data?.scope === "all" ? t("calendar.activeAll") : t("calendar.activeMine")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {active ? t("calendar.renew") : t("calendar.create")}
          </Button>
          {active ? (
            <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              {t("calendar.revoke")}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
