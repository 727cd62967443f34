import { createHash } from "node:crypto";
import { sql } from "kysely";
import { addDays } from "../../../shared/deadline-engine/index.ts";
import {
  CLUSTER_ACTIVE_DAYS,
  CLUSTER_IDS_LIMIT,
  CLUSTER_LOOKBACK_DAYS,
  CLUSTER_MIN_COUNT,
  CLUSTER_WINDOW_DAYS,
  type TCluster,
} from "../../../shared/schemas/insights.ts";
import type { TenantTx } from "../../db/tenant.ts";

interface Episode {
  dim: "department" | "location";
  value: string;
  key: string;
  article: string;
  first_id: string;
  ids: string[];
  count: number;
  from: string;
  to: string;
  department: string | null;
  location: string | null;
}

/** Stable while a pattern grows: what it is about and the case it started with. */
export const clusterId = (e: Pick<Episode, "dim" | "value" | "key" | "first_id">) =>
  createHash("sha256")
    .update(JSON.stringify([e.dim, e.value, e.key, e.first_id]))
    .digest("hex")
    .slice(0, 24);

/**
 * The repeat-violation radar (issue 21). For each article (by its normalised key) in each
 * department and in each location, the grievances of the last CLUSTER_LOOKBACK_DAYS are
 * chained in filing order while each comes within CLUSTER_WINDOW_DAYS of the one before; a
 * chain is a pattern when CLUSTER_MIN_COUNT of its grievances fall within CLUSTER_WINDOW_DAYS
 * of each other and its latest grievance is at most CLUSTER_ACTIVE_DAYS old. A department
 * pattern and a location pattern of the very same grievances are one. Dismissed patterns stay
 * hidden until they grow past the size they were dismissed at. Policy grievances are left out:
 * they are what the union files about a pattern.
 *
 * Answers every pattern, dismissed or not, in the order the radar shows them (largest first,
 * then the latest, then by id); radar.ts keeps them and applies dismissals and the limit.
 */
export async function findClusters(
  trx: TenantTx,
  organizationId: string,
  today: string,
  timeZone: string,
): Promise<TCluster[]> {
  const since = addDays(today, -CLUSTER_LOOKBACK_DAYS);
  const activeSince = addDays(today, -CLUSTER_ACTIVE_DAYS);
  const window = sql.lit(`${CLUSTER_WINDOW_DAYS} days`);
  const { rows } = await sql<Episode>`
    WITH cited AS (
      SELECT DISTINCT ON (g.id, a.k) g.id, (g.filed_at AT TIME ZONE ${timeZone})::date AS day,
             g.department, g.location, a.k, a.article
      FROM grievances g
      CROSS JOIN LATERAL unnest(g.articles, g.article_keys) AS a(article, k)
      WHERE g.organization_id = ${organizationId} AND g.article_keys <> '{}'
        -- A policy grievance answers a pattern; it does not make one bigger.
        AND g.type <> 'policy'
        AND g.filed_at >= (${since}::date)::timestamp AT TIME ZONE ${timeZone}
        AND a.k <> ''
    ), dims AS (
      SELECT 'department' AS dim, department AS value, * FROM cited
      UNION ALL
      SELECT 'location', location, * FROM cited
    ), chained AS (
      SELECT *, CASE WHEN day - lag(day) OVER w > ${CLUSTER_WINDOW_DAYS} THEN 1 ELSE 0 END AS starts,
             count(*) OVER (PARTITION BY dim, value, k ORDER BY day
                            RANGE BETWEEN CURRENT ROW AND ${window}::interval FOLLOWING) AS within
      FROM dims
      WINDOW w AS (PARTITION BY dim, value, k ORDER BY day, id)
    ), episodes AS (
      SELECT *, sum(starts) OVER (PARTITION BY dim, value, k ORDER BY day, id) AS episode
      FROM chained
    )
    SELECT dim, value, k AS key,
           mode() WITHIN GROUP (ORDER BY article) AS article,
           (array_agg(id ORDER BY day, id))[1] AS first_id,
           (array_agg(id ORDER BY day DESC, id DESC))[1:${CLUSTER_IDS_LIMIT}] AS ids,
           count(*)::int AS count, min(day)::text AS "from", max(day)::text AS "to",
           CASE WHEN count(DISTINCT department) = 1 THEN min(department) END AS department,
           CASE WHEN count(DISTINCT location) = 1 THEN min(location) END AS location
    FROM episodes
    GROUP BY dim, value, k, episode
    HAVING max(within) >= ${CLUSTER_MIN_COUNT} AND max(day) >= ${activeSince}::date`.execute(trx);

  // The same grievances found by department and by location: one pattern, the department's.
  const seen = new Set<string>();
  const episodes = rows
    .sort((a, b) => (a.dim === b.dim ? 0 : a.dim === "department" ? -1 : 1))
    .filter((e) => {
      const members = `${e.key}\n${[...e.ids].sort().join(",")}\n${e.count}`;
      if (seen.has(members)) return false;
      seen.add(members);
      return true;
    });

  return episodes
    .map((e) => ({
      id: clusterId(e),
      article: e.article,
      department: e.department,
      location: e.location,
      count: e.count,
      grievanceIds: e.ids,
      from: e.from,
      to: e.to,
    }))
    .sort(
      (a, b) =>
        b.count - a.count || (a.to < b.to ? 1 : a.to > b.to ? -1 : 0) || (a.id < b.id ? -1 : 1),
    );
}
