import { z } from "zod";
import { RELATED_MAX } from "./grievances.ts";

/* ---- The repeat-violation radar (issue 21), stewards and admins only ---- */

/** Three or more grievances within this many days make a pattern. */
export const CLUSTER_MIN_COUNT = 3;
export const CLUSTER_WINDOW_DAYS = 90;
/** A cluster is shown while its latest grievance is at most this many days old. */
export const CLUSTER_ACTIVE_DAYS = 90;
/** How far back the radar reads. */
export const CLUSTER_LOOKBACK_DAYS = 365;
/** At most this many clusters, the largest first, and this many ids each (the latest). */
export const CLUSTER_LIMIT = 50;
/** As many as a policy grievance can link (its related grievances). */
export const CLUSTER_IDS_LIMIT = RELATED_MAX;

export const ZClusterId = z.string().regex(/^[0-9a-f]{24}$/, "Not a pattern's id");

export const ZCluster = z.object({
  /** Stable while the pattern grows: its kind, department or location, article and first case. */
  id: z.string(),
  /** The citation as most of its grievances spell it. */
  article: z.string(),
  /** The department the grievances share, when they share one (always, for a department pattern). */
  department: z.string().nullable(),
  /** The location they share, when they share one. */
  location: z.string().nullable(),
  count: z.number().int(),
  /** The latest first, at most CLUSTER_IDS_LIMIT. */
  grievanceIds: z.array(z.string()),
  /** The first and the latest filing day, in the organization's time zone. */
  from: z.string(),
  to: z.string(),
});
export type TCluster = z.infer<typeof ZCluster>;

export const ZInsights = z.object({
  clusters: z.array(ZCluster),
  /**
   * True while a newer run is being worked out and these patterns are the last run's (a
   * large organization's radar takes seconds; docs/decisions/027).
   */
  stale: z.boolean(),
  /** When the run these patterns come from was made. */
  computedAt: z.string(),
});
export type TInsights = z.infer<typeof ZInsights>;

export const ZDismissed = z.object({ id: z.string(), dismissedCount: z.number().int() });

/** 'Pattern: 4 grievances about Art. 12.3 Overtime in Manufacturing since 2 Oct' */
export function clusterTitle(
  c: Pick<TCluster, "count" | "article" | "department" | "location" | "from">,
) {
  const where = c.department ?? c.location;
  const since = new Date(`${c.from}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return `Pattern: ${c.count} grievances about ${c.article}${where ? ` in ${where}` : ""} since ${since}`;
}
