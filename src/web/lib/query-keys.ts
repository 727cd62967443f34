/**
 * The query keys that cross a feature's edge. Each feature owns its keys and query options
 * (features/<name>/queries.ts); a key that another feature, or lib/, must refresh is built from
 * these, so features never import each other nor spell another's key as a string.
 */

/**
 * The root of everything a grievance change can alter: the tracker and each grievance, the
 * dashboard's numbers, activity and patterns, the deadline board and workload, reports. Their
 * keys start with it, so live updates (lib/live-updates.ts) and every grievance action refresh
 * them all with one invalidation.
 */
export const grievanceDataKey = ["grievances"] as const;

/** The dashboard's numbers: they count documents and announcements too, whose changes refresh it. */
export const dashboardStatsKey = [...grievanceDataKey, "stats"] as const;
