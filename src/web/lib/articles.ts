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

/** How the form offers an article: 'Art. 12.3 Overtime' (the matcher reads it back as 12.3). */
export const articleCitation = (a: Pick<TContractArticle, "number" | "title">) =>
  `Art. ${a.number} ${a.title}`;
