import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { TService } from "../../../shared/schemas/employer.ts";
import {
  SEARCH_MIN_LENGTH,
  type TGrievance,
  type TGrievanceStatus,
  type TGrievanceSummary,
  type TGrievanceType,
  type TListSort,
} from "../../../shared/schemas/grievances.ts";
import type {
  TInformationRequest,
  TLibraryItem,
} from "../../../shared/schemas/information-requests.ts";
import { apiRequest } from "../../lib/api.ts";
import { grievanceDataKey } from "../../lib/query-keys.ts";

/** The grievances' keys: all under the grievance data key, which live updates refresh. */
export const grievanceKeys = {
  all: grievanceDataKey,
  list: (filter: ListFilter) => [...grievanceDataKey, "list", filter] as const,
  detail: (id: string) => [...grievanceDataKey, "detail", id] as const,
  services: (id: string) => [...grievanceDataKey, "services", id] as const,
  information: (id: string) => [...grievanceDataKey, "information", id] as const,
  library: () => [...grievanceDataKey, "information-library"] as const,
};

/** The term sent to the server: none until it has SEARCH_MIN_LENGTH characters. */
export const searchTerm = (q: string) => (q.trim().length >= SEARCH_MIN_LENGTH ? q.trim() : "");

export interface ListFilter {
  q: string;
  status: TGrievanceStatus | "";
  sort: TListSort;
  order?: "asc" | "desc";
  mine: boolean;
  due: "overdue" | "week" | "";
  /** Issue 19: individual, group or policy. */
  type?: TGrievanceType | "";
}

/** The list's query string (also the CSV export's, without paging). */
export function listParams(filter: ListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (searchTerm(filter.q)) params.set("q", searchTerm(filter.q));
  if (filter.status) params.set("status", filter.status);
  if (filter.sort !== "filed") params.set("sort", filter.sort);
  if (filter.order) params.set("order", filter.order);
  if (filter.mine) params.set("assignee", "me");
  if (filter.due) params.set("due", filter.due);
  if (filter.type) params.set("type", filter.type);
  return params;
}

export const grievanceListQuery = (filter: ListFilter) =>
  infiniteQueryOptions({
    queryKey: grievanceKeys.list({ ...filter, q: searchTerm(filter.q) }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = listParams(filter);
      params.set("limit", "25");
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest<{
        items: TGrievanceSummary[];
        nextCursor: string | null;
        total: number;
        totalIsCapped: boolean;
      }>(`/api/grievances?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });

export const grievanceQuery = (id: string) =>
  queryOptions({
    queryKey: grievanceKeys.detail(id),
    queryFn: () => apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}`),
  });

/** The grievance's service to the employer: under the grievance's keys, so every action refreshes it. */
export const servicesQuery = (id: string) =>
  queryOptions({
    queryKey: grievanceKeys.services(id),
    queryFn: async () =>
      (
        await apiRequest<{ items: TService[] }>(
          `/api/grievances/${encodeURIComponent(id)}/services`,
        )
      ).items,
  });

/** A grievance's information requests (issue 33): the grievant's view for a grievant. */
export const informationRequestsQuery = (id: string) =>
  queryOptions({
    queryKey: grievanceKeys.information(id),
    queryFn: async () =>
      (
        await apiRequest<{ items: TInformationRequest[] }>(
          `/api/grievances/${encodeURIComponent(id)}/information-requests`,
        )
      ).items,
  });

/** The local's library of item texts (stewards and admins). */
export const informationLibraryQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: grievanceKeys.library(),
    queryFn: async () =>
      (await apiRequest<{ items: TLibraryItem[] }>("/api/information-request-library")).items,
    enabled,
  });
