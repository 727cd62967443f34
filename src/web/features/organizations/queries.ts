import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { TOrganizationExport } from "../../../shared/schemas/exports.ts";
import type {
  TComputed,
  THolidayRegions,
  TLimit,
  TPublicHolidays,
} from "../../../shared/schemas/procedure.ts";
import { apiRequest } from "../../lib/api.ts";

/**
 * Organization Setup's own data. The procedure, the organization's lists and the employer's
 * contacts are read by other features too: their keys are in lib/ (procedure.ts,
 * organization.ts, employer-contacts.ts).
 */
export const organizationKeys = {
  inviteCode: ["/api/organization/invite-code"] as const,
  exports: ["/api/organization/exports"] as const,
  holidayRegions: ["/api/procedure/holiday-regions"] as const,
  publicHolidays: (region: string, year: number) =>
    ["/api/procedure/public-holidays", region, year] as const,
  deadlinePreviews: ["/api/procedure/deadline-preview"] as const,
  deadlinePreview: (from: string, limit: TLimit | null) =>
    [...organizationKeys.deadlinePreviews, from, limit?.days, limit?.dayType] as const,
};

export const inviteCodeQuery = () =>
  queryOptions({
    queryKey: organizationKeys.inviteCode,
    queryFn: () => apiRequest<{ inviteCode: string }>("/api/organization/invite-code"),
  });

/** Countries and their states from the server (the holiday library stays off the browser). */
export const holidayRegionsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.holidayRegions,
    queryFn: () => apiRequest<THolidayRegions>("/api/procedure/holiday-regions"),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A region's public holidays of a year (observed days included), for the contract's changes. */
export const publicHolidaysQuery = (region: string | null, year: number) =>
  queryOptions({
    queryKey: organizationKeys.publicHolidays(region ?? "", year),
    queryFn: () =>
      apiRequest<TPublicHolidays>(
        `/api/procedure/public-holidays?${new URLSearchParams({ region: region ?? "", year: String(year) })}`,
      ),
    enabled: region !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The due date of `limit` from `from` with the organization's stored calendar. */
export function deadlinePreviewQuery(from: string, limit: TLimit | null) {
  const valid =
    limit !== null && Number.isInteger(limit.days) && limit.days >= 1 && limit.days <= 365;
  const params = new URLSearchParams({
    from,
    days: String(limit?.days ?? ""),
    dayType: limit?.dayType ?? "business",
  });
  return queryOptions({
    queryKey: organizationKeys.deadlinePreview(from, limit),
    queryFn: () => apiRequest<TComputed>(`/api/procedure/deadline-preview?${params}`),
    enabled: valid && /^\d{4}-\d{2}-\d{2}$/.test(from),
    placeholderData: keepPreviousData,
  });
}

/** The organization's recent exports; polled while one is being written. */
export const exportsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.exports,
    queryFn: () => apiRequest<{ items: TOrganizationExport[] }>("/api/organization/exports"),
    refetchInterval: (query) =>
      query.state.data?.items.some((e) => e.state === "queued" || e.state === "running")
        ? 1000
        : false,
  });
