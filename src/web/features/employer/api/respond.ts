import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TRespondView } from "../../../../shared/schemas/employer.ts";
import { ApiError, apiRequest, apiUpload } from "../../../lib/api.ts";

/** The employer's page: no account, the token is the key (issue 20). */
const respondUrl = (token: string) => `/api/respond/${encodeURIComponent(token)}`;
export const servedPdfUrl = (token: string) => `${respondUrl(token)}/document.pdf`;

export const useRespondView = (token: string) =>
  useQuery({
    queryKey: ["respond", token],
    queryFn: () => apiRequest<TRespondView>(respondUrl(token)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** The answer, as multipart (files may come with it). */
export function useSendAnswer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiUpload<TRespondView>(respondUrl(token), form),
    onSuccess: (view) => queryClient.setQueryData(["respond", token], view),
  });
}
