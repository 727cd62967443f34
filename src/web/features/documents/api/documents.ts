import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentCategory,
  TDocument,
  TDocumentList,
} from "../../../../shared/schemas/documents.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";

export const documentKeys = {
  all: ["/api/documents"] as const,
  list: (filter: { q: string; category: string }) => ["/api/documents", "list", filter] as const,
};

/** The library, newest first, 25 at a time; search by name and filter by category. */
export function useDocuments(filter: { q: string; category: DocumentCategory | "" }) {
  const normalized = { q: filter.q.trim(), category: filter.category };
  return useInfiniteQuery({
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

/** Where the browser opens (inline) or downloads (attachment) a document's file. */
export const documentFileUrl = (id: string, download: boolean) =>
  `/api/documents/${encodeURIComponent(id)}/file${download ? "?download=1" : ""}`;

export interface UploadInput {
  file: File;
  name: string;
  category: DocumentCategory;
}

/** POST /api/documents as multipart/form-data. */
function upload(input: UploadInput): Promise<TDocument> {
  const form = new FormData();
  form.append("name", input.name);
  form.append("category", input.category);
  form.append("file", input.file);
  return apiUpload<TDocument>("/api/documents", form);
}

/** After a change: the library, and the dashboard's numbers (which include the Documents card). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["grievances", "stats"] }),
    ]);
}

export function useUploadDocument() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: upload, onSuccess: refresh });
}

export function useDeleteDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}
