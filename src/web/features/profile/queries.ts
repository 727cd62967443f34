import { queryOptions } from "@tanstack/react-query";
import type { TCalendarStatus, TReminderSettings } from "../../../shared/schemas/deadlines.ts";
import { apiRequest } from "../../lib/api.ts";
import { authClient } from "../../lib/auth-client.ts";

/** The profile page's own data; the signed-in user is lib/session.ts's (`meQueryKey`). */
export const profileKeys = {
  calendar: ["/api/profile/calendar"] as const,
  reminders: ["/api/profile/reminders"] as const,
  sessions: ["auth", "sessions"] as const,
};

export const calendarQuery = () =>
  queryOptions({
    queryKey: profileKeys.calendar,
    queryFn: () => apiRequest<TCalendarStatus>("/api/profile/calendar"),
  });

export const remindersQuery = () =>
  queryOptions({
    queryKey: profileKeys.reminders,
    queryFn: () => apiRequest<TReminderSettings>("/api/profile/reminders"),
  });

/** Where the user is signed in (better-auth's list). */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: profileKeys.sessions,
    queryFn: async () => {
      const { data, error } = await authClient.listSessions();
      if (error) throw new Error(error.message ?? "Could not list sessions");
      return data;
    },
  });
