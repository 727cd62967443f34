import { queryOptions } from "@tanstack/react-query";
import type { TContractArticle } from "../../shared/schemas/articles.ts";
import { apiRequest } from "./api.ts";

/**
 * The contract's article list (GET /api/organization/articles, issue 30): edited in
 * Organization Setup, offered by the grievance form. One key, so a saved list reaches both.
 */
export const articlesKey = ["/api/organization/articles"] as const;

export const articlesQuery = () =>
  queryOptions({
    queryKey: articlesKey,
    queryFn: () => apiRequest<TContractArticle[]>("/api/organization/articles"),
  });
