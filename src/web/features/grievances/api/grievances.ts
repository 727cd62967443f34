import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TAttachment,
  TExtensionInput,
  TGrievance,
  TGrievanceInput,
  TResponseInput,
  TStatusChange,
} from "../../../../shared/schemas/grievances.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";
import { grievanceKeys, grievanceListQuery, grievanceQuery, type ListFilter } from "../queries.ts";

export const useGrievanceList = (filter: ListFilter) =>
  useInfiniteQuery(grievanceListQuery(filter));

export const useGrievance = (id: string) => useQuery(grievanceQuery(id));

export function uploadAttachment(id: string, file: File): Promise<TAttachment> {
  const form = new FormData();
  form.append("file", file);
  return apiUpload<TAttachment>(`/api/grievances/${encodeURIComponent(id)}/attachments`, form);
}

/**
 * After any change the detail is replaced, and everything else under the grievance data key
 * (lists, the dashboard's numbers and activity, the board, reports) is stale.
 */
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
