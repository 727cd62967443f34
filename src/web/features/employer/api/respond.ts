import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TRespondView } from "../../../../shared/schemas/employer.ts";
import { ApiError, apiRequest } from "../../../lib/api.ts";

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
    mutationFn: async (form: FormData) => {
      const response = await fetch(respondUrl(token), { method: "POST", body: form });
      const body = await response.json().catch(() => null);
      if (!response.ok) {
        const error = body?.error;
        throw new ApiError(
          response.status,
          error?.message ?? `${response.status}: ${response.statusText}`,
          error?.code,
          error?.fields,
        );
      }
      return body as TRespondView;
    },
    onSuccess: (view) => queryClient.setQueryData(["respond", token], view),
  });
}
