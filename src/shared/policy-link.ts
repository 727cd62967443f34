// Zod-free (unlike schemas/insights.ts), so the dashboard's pattern cards load no schema.
import type { TCluster } from "./schemas/insights.ts";

/** The filing form, pre-filled as a policy grievance citing the article, linked to the cases. */
export function policyGrievanceLink(c: Pick<TCluster, "article" | "grievanceIds">) {
  const q = new URLSearchParams({
    type: "policy",
    articles: c.article,
    related: c.grievanceIds.join(","),
  });
  return `/submit-grievance?${q}`;
}
