import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TReminderSettings } from "../../../../shared/schemas/deadlines.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { profileKeys, remindersQuery } from "../queries.ts";

/** The 3-day and 1-day deadline reminders can be turned off; 'due today' and 'missed' cannot. */
export function ReminderSettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(remindersQuery());
  const save = useMutation({
    mutationFn: (next: TReminderSettings) =>
      apiRequest<TReminderSettings>("/api/profile/reminders", { method: "PUT", body: next }),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.reminders, data),
    onError: (error) => toastError("Update Failed", error),
  });
  const current = settings.data;
  const toggle = (field: keyof TReminderSettings) => (checked: boolean) =>
    current && save.mutate({ ...current, [field]: checked });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Deadline reminders</CardTitle>
        <CardDescription>
          Emails at 07:00 before a deadline of a grievance you answer for. 'Due today' and 'missed'
          always come.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {(
          [
            ["threeDays", "3 days before"],
            ["oneDay", "1 day before"],
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
