import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { TReminderSettings } from "../../../../shared/schemas/deadlines.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { profileKeys, remindersQuery } from "../queries.ts";

/** The 3-day and 1-day deadline reminders can be turned off; 'due today' and 'missed' cannot. */
export function ReminderSettingsCard() {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const settings = useQuery(remindersQuery());
  const save = useMutation({
    mutationFn: (next: TReminderSettings) =>
      apiRequest<TReminderSettings>("/api/profile/reminders", { method: "PUT", body: next }),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.reminders, data),
    onError: (error) => toastError(t("reminders.failed"), error),
  });
  const current = settings.data;
  const toggle = (field: keyof TReminderSettings) => (checked: boolean) =>
    current && save.mutate({ ...current, [field]: checked });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("reminders.title")}</CardTitle>
        <CardDescription>{t("reminders.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {(
          [
            ["threeDays", t("reminders.threeDays")],
            ["oneDay", t("reminders.oneDay")],
          ] as const
        ).map(([field, label]) => (
          <label key={field} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={current?.[field] ?? true}
              disabled={!current || save.isPending}
              onChange={(e) => toggle(field)(e.target.checked)}
            />
            {label}
          </label>
        ))}
      </CardContent>
    </Card>
  );
}
