import { infiniteQueryOptions } from "@tanstack/react-query";
import type { DocumentCategory, TDocumentList } from "../../../shared/schemas/documents.ts";
import { apiRequest } from "../../lib/api.ts";

export interface DocumentFilter {
  q: string;
  category: DocumentCategory | "";
}

export const documentKeys = {
  all: ["/api/documents"] as const,
  list: (filter: DocumentFilter) => [...documentKeys.all, "list", filter] as const,
};

/** The library, newest first, 25 at a time; search by name and filter by category. */
export function documentsQuery(filter: DocumentFilter) {
  const normalized = { q: filter.q.trim(), category: filter.category };
  return infiniteQueryOptions({
    queryKey: documentKeys.list(normalized),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "25" });
      if (normalized.q) params.set("q", normalized.q);
      if (normalized.category) params.set("category", normalized.category);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<TDocumentList>(`/api/documents?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
