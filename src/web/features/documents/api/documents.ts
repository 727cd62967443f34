import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  DocumentCategory,
  TDocument,
  TDocumentList,
} from "../../../../shared/schemas/documents.ts";
import { ApiError, apiRequest } from "../../../lib/api.ts";

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

/** POST /api/documents as multipart/form-data; API errors keep their message and fields. */
async function upload(input: UploadInput): Promise<TDocument> {
  const body = new FormData();
  body.append("name", input.name);
  body.append("category", input.category);
  body.append("file", input.file);
  const response = await fetch("/api/documents", {
    method: "POST",
    body,
    credentials: "include",
  });
  const json = (await response.json().catch(() => null)) as
    | (TDocument & { error?: { message: string; code?: string; fields?: Record<string, string> } })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      json?.error?.message ?? `${response.status}: ${response.statusText}`,
      json?.error?.code,
      json?.error?.fields,
    );
  }
  return json as TDocument;
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
