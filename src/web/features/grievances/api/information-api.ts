import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TInformationRequest,
  TInformationRequestInput,
  TInformationServeInput,
  TItemAnswerInput,
  TLibraryItem,
} from "../../../../shared/schemas/information-requests.ts";
import { apiRequest } from "../../../lib/api.ts";
import { grievanceKeys, informationLibraryQuery, informationRequestsQuery } from "../queries.ts";

export const useInformationRequests = (id: string) => useQuery(informationRequestsQuery(id));
export const useInformationLibrary = (enabled: boolean) =>
  useQuery(informationLibraryQuery(enabled));

/**
 * A change to a request: the requests and the grievance refresh (tolling may move its
 * running deadline).
 */
function useInformationMutation<TArgs>(fn: (args: TArgs) => Promise<TInformationRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceKeys.all }),
  });
}

export const useCreateInformationRequest = (grievanceId: string) =>
  useInformationMutation((input: TInformationRequestInput) =>
    apiRequest<TInformationRequest>(
      `/api/grievances/${encodeURIComponent(grievanceId)}/information-requests`,
      { method: "POST", body: input },
    ),
  );

export const useServeInformationRequest = () =>
  useInformationMutation(({ id, input }: { id: string; input: TInformationServeInput }) =>
    apiRequest<TInformationRequest>(`/api/information-requests/${id}/serve`, {
      method: "POST",
      body: input,
    }),
  );

export const useRecordItemAnswer = () =>
  useInformationMutation(
    ({ id, itemId, input }: { id: string; itemId: string; input: TItemAnswerInput }) =>
      apiRequest<TInformationRequest>(`/api/information-requests/${id}/items/${itemId}`, {
        method: "POST",
        body: input,
      }),
  );

/** The local keeps its library: add a text, remove one (a default too). */
export function useLibraryChange() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: grievanceKeys.library() });
  return {
    add: useMutation({
      mutationFn: (text: string) =>
        apiRequest<TLibraryItem>("/api/information-request-library", {
          method: "POST",
          body: { text },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest<unknown>(`/api/information-request-library/${encodeURIComponent(id)}`, {
          method: "DELETE",
        }),
      onSuccess: refresh,
    }),
  };
}
