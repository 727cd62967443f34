import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TRespondView } from "../../../../shared/schemas/employer.ts";
import type { TInformationRespondView } from "../../../../shared/schemas/information-requests.ts";
import { apiUpload } from "../../../lib/api.ts";
import { respondKeys, respondUrl, respondViewQuery } from "../queries.ts";

export const servedPdfUrl = (token: string) => `${respondUrl(token)}/document.pdf`;

export const useRespondView = (token: string) => useQuery(respondViewQuery(token));

/** The answer, as multipart (files may come with it). */
export function useSendAnswer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiUpload<TRespondView | TInformationRespondView>(respondUrl(token), form),
    onSuccess: (view) => queryClient.setQueryData(respondKeys.view(token), view),
  });
}
