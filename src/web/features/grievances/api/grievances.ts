import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SEARCH_MIN_LENGTH,
  type TAttachment,
  type TExtensionInput,
  type TGrievance,
  type TGrievanceInput,
  type TGrievanceStatus,
  type TGrievanceSummary,
  type TGrievanceType,
  type TListSort,
  type TResponseInput,
  type TStatusChange,
} from "../../../../shared/schemas/grievances.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";

export const grievanceKeys = {
  all: ["grievances"] as const,
  list: (filter: ListFilter) => ["grievances", "list", filter] as const,
  detail: (id: string) => ["grievances", "detail", id] as const,
};

/** The term sent to the server: none until it has SEARCH_MIN_LENGTH characters. */
export const searchTerm = (q: string) => (q.trim().length >= SEARCH_MIN_LENGTH ? q.trim() : "");

export interface ListFilter {
  q: string;
  status: TGrievanceStatus | "";
  sort: TListSort;
  order?: "asc" | "desc";
  mine: boolean;
  due: "overdue" | "week" | "";
  /** Issue 19: individual, group or policy. */
  type?: TGrievanceType | "";
}

/** The list's query string (also the CSV export's, without paging). */
export function listParams(filter: ListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (searchTerm(filter.q)) params.set("q", searchTerm(filter.q));
  if (filter.status) params.set("status", filter.status);
  if (filter.sort !== "filed") params.set("sort", filter.sort);
  if (filter.order) params.set("order", filter.order);
  if (filter.mine) params.set("assignee", "me");
  if (filter.due) params.set("due", filter.due);
  if (filter.type) params.set("type", filter.type);
  return params;
}

export function useGrievanceList(filter: ListFilter) {
  return useInfiniteQuery({
    queryKey: grievanceKeys.list({ ...filter, q: searchTerm(filter.q) }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = listParams(filter);
      params.set("limit", "25");
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<{
        items: TGrievanceSummary[];
        nextCursor: string | null;
        total: number;
        totalIsCapped: boolean;
      }>(`/api/grievances?${params}`);
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

export function uploadAttachment(id: string, file: File): Promise<TAttachment> {
  const form = new FormData();
  form.append("file", file);
  return apiUpload<TAttachment>(`/api/grievances/${encodeURIComponent(id)}/attachments`, form);
}

/** After any change: the lists, the stats and the activity are stale; the detail is replaced. */
export function useGrievanceMutation<TArgs>(fn: (args: TArgs) => Promise<TGrievance>) {
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

/** A comment the grievant sees, or (stewards and admins) an internal note they never see. */
export const useAddComment = () =>
  useGrievanceMutation(({ id, text, internal }: { id: string; text: string; internal?: boolean }) =>
    apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/comments`, {
      method: "POST",
      body: internal ? { text, internal: true } : { text },
    }),
  );

const post = (id: string, action: string, body?: unknown) =>
  apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/${action}`, {
    method: "POST",
    body: body ?? {},
  });

export const useRecordResponse = () =>
  useGrievanceMutation(({ id, answer }: { id: string; answer: TResponseInput }) =>
    post(id, "response", answer),
  );

export const useAppeal = () =>
  useGrievanceMutation(({ id, note }: { id: string; note?: string }) =>
    post(id, "appeal", note ? { note } : {}),
  );

export const useExtendDeadline = () =>
  useGrievanceMutation(({ id, extension }: { id: string; extension: TExtensionInput }) =>
    post(id, "extensions", extension),
  );

export const useHold = () =>
  useGrievanceMutation(({ id, reason }: { id: string; reason: string }) =>
    post(id, "hold", { reason }),
  );

export const useResume = () =>
  useGrievanceMutation(({ id, note }: { id: string; note?: string }) =>
    post(id, "resume", note ? { note } : {}),
  );

export const useAssign = () =>
  useGrievanceMutation(({ id, userId }: { id: string; userId: string }) =>
    post(id, "assign", { userId }),
  );
