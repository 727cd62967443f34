import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TAttachment,
  TGrievance,
  TGrievanceInput,
  TGrievanceStatus,
  TGrievanceSummary,
  TStatusChange,
} from "../../../../shared/schemas/grievances.ts";
import { ApiError, apiRequest } from "../../../lib/api.ts";

export const grievanceKeys = {
  all: ["grievances"] as const,
  list: (filter: { q: string; status: string }) => ["grievances", "list", filter] as const,
  detail: (id: string) => ["grievances", "detail", id] as const,
};

export function useGrievanceList(filter: { q: string; status: TGrievanceStatus | "" }) {
  return useInfiniteQuery({
    queryKey: grievanceKeys.list(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: "25" });
      if (filter.q.trim()) params.set("q", filter.q.trim());
      if (filter.status) params.set("status", filter.status);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<{ items: TGrievanceSummary[]; nextCursor: string | null; total: number }>(
        `/api/grievances?${params}`,
      );
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}

export const useGrievance = (id: string) =>
  useQuery({
    queryKey: grievanceKeys.detail(id),
    queryFn: () => apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}`),
  });

export async function uploadAttachment(id: string, file: File): Promise<TAttachment> {
  const body = new FormData();
  body.append("file", file);
  const response = await fetch(`/api/grievances/${encodeURIComponent(id)}/attachments`, {
    method: "POST",
    body,
    credentials: "include",
  });
  const json = (await response.json().catch(() => null)) as
    | (TAttachment & { error?: { message: string } })
    | null;
  if (!response.ok)
    throw new ApiError(
      response.status,
      json?.error?.message ?? `${response.status}: ${response.statusText}`,
    );
  return json as TAttachment;
}

/** After any change: the lists, the stats and the activity are stale; the detail is replaced. */
function useGrievanceMutation<TArgs>(fn: (args: TArgs) => Promise<TGrievance>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (grievance) => {
      queryClient.setQueryData(grievanceKeys.detail(grievance.id), grievance);
      return queryClient.invalidateQueries({
        queryKey: grievanceKeys.all,
        predicate: (q) => q.queryKey[1] !== "detail",
      });
    },
  });
}

export const useFileGrievance = () =>
  useGrievanceMutation((input: TGrievanceInput) =>
    apiRequest<TGrievance>("/api/grievances", { method: "POST", body: input }),
  );

export const useChangeStatus = () =>
  useGrievanceMutation(({ id, change }: { id: string; change: TStatusChange }) =>
    apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/status`, {
      method: "POST",
      body: change,
    }),
  );

export const useAddComment = () =>
  useGrievanceMutation(({ id, text }: { id: string; text: string }) =>
    apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/comments`, {
      method: "POST",
      body: { text },
    }),
  );
