import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { calendarQuery, profileKeys } from "../queries.ts";

/**
 * A private calendar address of the deadlines this steward answers for (or, for an admin, the
 * whole local's). The server keeps only a hash, so the address shows once, when created.
 */
export function CalendarFeedCard({ admin }: { admin: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery(calendarQuery());
  const [scope, setScope] = useState<"mine" | "all">("mine");
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>("/api/profile/calendar", { method: "POST", body: { scope } }),
    onSuccess: (data) => {
      setUrl(data.url);
      void queryClient.invalidateQueries({ queryKey: profileKeys.calendar });
    },
    onError: (error) => toastError("Update Failed", error),
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest("/api/profile/calendar", { method: "DELETE" }),
    onSuccess: () => {
      setUrl(null);
      toast.success("Calendar address revoked");
      void queryClient.invalidateQueries({ queryKey: profileKeys.calendar });
    },
    onError: (error) => toastError("Update Failed", error),
  });
  const active = status.data?.active ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Deadline calendar</CardTitle>
        <CardDescription>
          A private address for Google Calendar, Outlook or Apple Calendar: one all-day event per
          open deadline you answer for. Anyone with the address can read it; revoke it if it leaks.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {admin ? (
          <div className="flex flex-col gap-1 text-sm sm:max-w-xs">
            <label htmlFor="calendar-scope" className="font-medium">
              Deadlines
            </label>
            <Select
              id="calendar-scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as "mine" | "all")}
            >
              <option value="mine">Mine and the unassigned</option>
              <option value="all">All the local's deadlines</option>
            </Select>
          </div>
        ) : null}
        {url ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              readOnly
              value={url}
              aria-label="Calendar address"
              onFocus={(e) => e.target.select()}
            />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success("Address copied"))
                  .catch(() => toast.error("Copy it from the box instead"))
              }
            >
              Copy
            </Button>
          </div>
        ) : active ? (
          <p className="text-sm text-muted-foreground">
            You have a calendar address (
            {status.data?.scope === "all" ? "all the local's" : "yours"}
            ). It is shown only once; make a new one to see it again (the old one stops working).
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {active ? "New calendar address" : "Create calendar address"}
          </Button>
          {active ? (
            <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Revoke
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
