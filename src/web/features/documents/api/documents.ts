import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentCategory, TDocument } from "../../../../shared/schemas/documents.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";
import { dashboardStatsKey } from "../../../lib/query-keys.ts";
import { type DocumentFilter, documentKeys, documentsQuery } from "../queries.ts";

export const useDocuments = (filter: DocumentFilter) => useInfiniteQuery(documentsQuery(filter));

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
      queryClient.invalidateQueries({ queryKey: dashboardStatsKey }),
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
