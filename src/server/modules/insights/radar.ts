import { sql } from "kysely";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { CLUSTER_LIMIT, type TCluster } from "../../../shared/schemas/insights.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { findClusters } from "./clusters.ts";

/**
 * A run reads a year of grievances (about 4 s at a million, docs/decisions/027): longer than
 * a request's statement timeout, so a run gets its own, in its own transaction. It holds one
 * pooled connection meanwhile, and one organization has at most one run per instance.
 */
const RUN_STATEMENT_TIMEOUT = "60s";
/** Rows per INSERT when a run is saved. */
const SAVE_CHUNK = 500;

/** What the last saved run was for, and whether it is still the answer. */
export interface RadarState {
  current: boolean;
  /** When the saved run was made; null when none was ever saved. */
  computedAt: Date | null;
}

/**
 * The saved run is the answer while no grievance the radar reads has changed since it was
 * made (`version`, raised by migration 0111's triggers), and it was made for today in the
 * organization's time zone as it is now.
 */
export async function radarState(
  trx: TenantTx,
  organizationId: string,
  now: Date,
): Promise<RadarState> {
  const { timeZone } = await loadProcedure(trx, organizationId);
  const saved = await trx
    .selectFrom("insightRadar")
    .select(["version", "computedVersion", "computedFor", "timeZone", "computedAt"])
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  if (!saved?.computedAt) return { current: false, computedAt: null };
  return {
    current:
      saved.computedVersion === saved.version &&
      saved.timeZone === timeZone &&
      saved.computedFor === todayIn(timeZone, now),
    computedAt: new Date(saved.computedAt),
  };
}

/**
 * Computes the radar and saves it. The version is read before the grievances: a filing
 * committed after that read raises it past what is saved, so the next request runs again.
 * A run that finds a newer one saved already (another instance) leaves that one.
 */
export async function runRadar(db: DB, organizationId: string, now: Date): Promise<void> {
  const run = await withTenant(db, organizationId, async (trx) => {
    await sql`SET LOCAL statement_timeout = ${sql.lit(RUN_STATEMENT_TIMEOUT)}`.execute(trx);
    // An organization that has never filed has no row yet (the triggers make it on a filing).
    await trx
      .insertInto("insightRadar")
      .values({ organizationId })
      .onConflict((oc) => oc.column("organizationId").doNothing())
      .execute();
    const { version } = await trx
      .selectFrom("insightRadar")
      .select("version")
      .where("organizationId", "=", organizationId)
      .executeTakeFirstOrThrow();
    const { timeZone } = await loadProcedure(trx, organizationId);
    const today = todayIn(timeZone, now);
    const clusters = await findClusters(trx, organizationId, today, timeZone);
    return { version, timeZone, today, clusters };
  });
  await withTenant(db, organizationId, async (trx) => {
    const saved = await trx
      .selectFrom("insightRadar")
      .select(["computedVersion", "computedFor"])
      .where("organizationId", "=", organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Versions are bigint, read as text: compared as numbers ('9' > '10' as text, which kept
    // a radar stale for good once its version reached 10).
    const savedVersion = saved.computedVersion === null ? null : BigInt(saved.computedVersion);
    const runVersion = BigInt(run.version);
    const newer =
      savedVersion !== null &&
      saved.computedFor !== null &&
      (savedVersion > runVersion || (savedVersion === runVersion && saved.computedFor > run.today));
    if (newer) return;
    await trx
      .deleteFrom("insightRadarClusters")
      .where("organizationId", "=", organizationId)
      .execute();
    for (let from = 0; from < run.clusters.length; from += SAVE_CHUNK) {
      await trx
        .insertInto("insightRadarClusters")
        .values(
          run.clusters.slice(from, from + SAVE_CHUNK).map((c, i) => ({
            organizationId,
            rank: from + i,
            id: c.id,
            count: c.count,
            cluster: JSON.stringify(c),
          })),
        )
        .execute();
    }
    await trx
      .updateTable("insightRadar")
      .set({
        computedVersion: run.version,
        computedFor: run.today,
        timeZone: run.timeZone,
        computedAt: new Date(),
      })
      .where("organizationId", "=", organizationId)
      .execute();
  });
}

/**
 * The saved run's patterns in the radar's order: those not dismissed at their size, at most
 * CLUSTER_LIMIT (the first rows of the run, by its primary key); or all of them, dismissed or
 * not (what a dismissal looks a pattern up in).
 */
export async function savedClusters(
  trx: TenantTx,
  organizationId: string,
  options: { includeDismissed?: boolean; id?: string } = {},
): Promise<TCluster[]> {
  let q = trx
    .selectFrom("insightRadarClusters as c")
    .select("c.cluster")
    .where("c.organizationId", "=", organizationId)
    .orderBy("c.rank");
  if (options.id !== undefined) q = q.where("c.id", "=", options.id);
  if (!options.includeDismissed)
    q = q
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("insightDismissals as d")
              .select(sql.lit(1).as("one"))
              .whereRef("d.organizationId", "=", "c.organizationId")
              .whereRef("d.clusterId", "=", "c.id")
              .whereRef("d.dismissedCount", ">=", "c.count"),
          ),
        ),
      )
      .limit(CLUSTER_LIMIT);
  const rows = await q.execute();
  return rows.map((r) => r.cluster);
}
