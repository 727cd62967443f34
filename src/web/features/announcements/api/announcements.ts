import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  TAnnouncement,
  TAnnouncementInput,
  TAnnouncementUpdate,
} from "../../../../shared/schemas/announcements.ts";
import { apiRequest } from "../../../lib/api.ts";
import { dashboardStatsKey } from "../../../lib/query-keys.ts";
import { announcementKeys, announcementsQuery } from "../queries.ts";

export const useAnnouncements = () => useInfiniteQuery(announcementsQuery());

/** After a change: the board, and the dashboard's numbers (which include the Announcements card). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
    ]);
}

export function usePostAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TAnnouncementInput) =>
      apiRequest<TAnnouncement & { emailed: number }>("/api/announcements", {
        method: "POST",
        body: input,
      }),
    onSuccess: refresh,
  });
}

export function useEditAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TAnnouncementUpdate }) =>
      apiRequest<TAnnouncement>(`/api/announcements/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: changes,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteAnnouncement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/announcements/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}
