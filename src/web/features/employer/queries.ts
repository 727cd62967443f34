import { queryOptions } from "@tanstack/react-query";
import type { TRespondView } from "../../../shared/schemas/employer.ts";
import type { TInformationRespondView } from "../../../shared/schemas/information-requests.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";

/** The employer's page: no account, the token is the key (issue 20). */
export const respondUrl = (token: string) => `/api/respond/${encodeURIComponent(token)}`;

export const respondKeys = {
  view: (token: string) => ["respond", token] as const,
};

export const respondViewQuery = (token: string) =>
  queryOptions({
    queryKey: respondKeys.view(token),
    // A request's token ('ir_...', issue 33) opens an information request instead.
    queryFn: () => apiRequest<TRespondView | TInformationRespondView>(respondUrl(token)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
