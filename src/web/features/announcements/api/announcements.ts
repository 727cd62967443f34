import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  TAnnouncement,
  TAnnouncementInput,
  TAnnouncementList,
  TAnnouncementUpdate,
} from "../../../../shared/schemas/announcements.ts";
import { apiRequest } from "../../../lib/api.ts";

const announcementsKey = ["/api/announcements"] as const;

/** The board, newest first, 20 at a time. */
export function useAnnouncements() {
  return useInfiniteQuery({
    queryKey: announcementsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "20" });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<TAnnouncementList>(`/api/announcements?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** After a change: the board, and the dashboard's numbers (which include the Announcements card). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: announcementsKey }),
      queryClient.invalidateQueries({ queryKey: ["grievances", "stats"] }),
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
