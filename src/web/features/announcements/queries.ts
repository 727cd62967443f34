import { infiniteQueryOptions } from "@tanstack/react-query";
import type { TAnnouncementList } from "../../../shared/schemas/announcements.ts";
import { apiRequest } from "../../lib/api.ts";

export const announcementKeys = {
  all: ["/api/announcements"] as const,
};

/** The board, newest first, 20 at a time. */
export const announcementsQuery = () =>
  infiniteQueryOptions({
    queryKey: announcementKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "20" });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<TAnnouncementList>(`/api/announcements?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
