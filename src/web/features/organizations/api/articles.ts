import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TContractArticle } from "../../../../shared/schemas/articles.ts";
import { apiRequest } from "../../../lib/api.ts";
import { articlesKey, articlesQuery } from "../../../lib/articles.ts";
import { grievanceDataKey } from "../../../lib/query-keys.ts";

export const useContractArticles = () => useQuery(articlesQuery());

/** Replaces the list; the reports and the radar group by it at once, so they are refetched. */
export function useSaveArticles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (articles: TContractArticle[]) =>
      apiRequest<TContractArticle[]>("/api/organization/articles", {
        method: "PUT",
        body: articles,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(articlesKey, saved);
      return queryClient.invalidateQueries({ queryKey: grievanceDataKey });
    },
  });
}
