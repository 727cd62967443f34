import { z } from "zod";
import { ZClusterId, ZDismissed, ZInsights } from "../../../shared/schemas/insights.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound, UnavailableError } from "../../lib/errors.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { radarState, runRadar, savedClusters } from "./radar.ts";

/** How long a request waits for a run before it answers the last saved one (or 503). */
export const RADAR_WAIT_MS = 1500;
const RADAR_RETRY_AFTER_SECONDS = 5;
/**
 * A run longer than RADAR_WAIT_MS (an organization of hundreds of thousands of grievances)
 * starts again only once this many times its own length has passed since it ended: a local
 * filing all day would otherwise keep a core busy with runs. Meanwhile the last run answers,
 * marked stale. Runs shorter than the wait are never held back.
 */
const RADAR_RUN_SPACING = 20;

/**
 * The radar's runs on this instance, and `radar()`, which answers the saved run or starts one
 * (issue 21).
 */
function radarRuns(app: AppInstance) {
  const { db } = app.deps;
  /**
   * Runs of the radar under way, per organization: requests that find the saved run out of
   * date while one is under way wait for that one (a busy dashboard cannot pile runs up).
   */
  const running = new Map<string, Promise<void>>();
  /** Per organization, the last long run on this instance: when it may start again. */
  const heldBackUntil = new Map<string, number>();
  /** Per organization, how many runs have ended on this instance (see `radar`). */
  const ended = new Map<string, number>();
  const run = (organizationId: string) => {
    let started = running.get(organizationId);
    if (!started) {
      const began = Date.now();
      started = runRadar(db, organizationId, now(app)).finally(() => {
        running.delete(organizationId);
        ended.set(organizationId, (ended.get(organizationId) ?? 0) + 1);
        const took = Date.now() - began;
        if (took > RADAR_WAIT_MS)
          heldBackUntil.set(organizationId, Date.now() + took * RADAR_RUN_SPACING);
        else heldBackUntil.delete(organizationId);
      });
      // Still saved when every request that waited has answered; a failure is logged here.
      started.catch((err) => app.log.warn({ err, organizationId }, "radar run failed"));
      running.set(organizationId, started);
    }
    return started;
  };

  /**
   * The saved run when it is current. Otherwise a run, waited for up to RADAR_WAIT_MS (a
   * small organization's takes milliseconds, so its answer is always current); a run that
   * takes longer goes on, and meanwhile the last saved run answers (`stale`: the page says
   * so), or, before the first run ever finishes, a 503 with Retry-After.
   */
  async function radar(organizationId: string): Promise<{ stale: boolean }> {
    const read = () =>
      withTenant(db, organizationId, (trx) => radarState(trx, organizationId, now(app)));
    const before = ended.get(organizationId) ?? 0;
    let state = await read();
    // A run that ended while the state was read saved after the read: read again, or this
    // request, finding no run under way, would start another at once (and a short rerun
    // would undo the hold-back of the long one).
    if ((ended.get(organizationId) ?? 0) !== before) state = await read();
    if (state.current && state.computedAt) return { stale: false };
    const held = heldBackUntil.get(organizationId) ?? 0;
    if (state.computedAt && !running.has(organizationId) && Date.now() < held)
      return { stale: true };
    const finished = await Promise.race([
      run(organizationId).then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, RADAR_WAIT_MS, false)),
    ]);
    if (finished) return { stale: false };
    if (state.computedAt) return { stale: true };
    throw new UnavailableError(
      "The repeat-violation radar is still being worked out for your local. Please try again in a few seconds.",
      RADAR_RETRY_AFTER_SECONDS,
    );
  }

  return { run, radar };
}

/** The repeat-violation radar (issue 21): stewards and admins; members never see it (403). */
export function insightRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const { radar } = radarRuns(app);

  app.get(
    "/api/insights",
    { config: { access: "view:all_grievances" }, schema: { response: { 200: ZInsights } } },
    async (request) => {
      const { organizationId } = requireTenant(request);
      // The common case, a current saved run, in one transaction.
      const current = await withTenant(db, organizationId, async (trx) => {
        const state = await radarState(trx, organizationId, now(app));
        if (!state.current || !state.computedAt) return null;
        const clusters = await savedClusters(trx, organizationId);
        return { clusters, stale: false, computedAt: state.computedAt.toISOString() };
      });
      if (current) return current;
      const { stale } = await radar(organizationId);
      return withTenant(db, organizationId, async (trx) => {
        const { computedAt } = await radarState(trx, organizationId, now(app));
        if (!computedAt) throw new Error("the radar has no saved run");
        const clusters = await savedClusters(trx, organizationId);
        return { clusters, stale, computedAt: computedAt.toISOString() };
      });
    },
  );

  /** Remembered for the organization at the pattern's size now; it comes back when it grows. */
  app.post(
    "/api/insights/:id/dismiss",
    {
      config: { access: "view:all_grievances" },
      schema: { params: z.object({ id: ZClusterId }), response: { 200: ZDismissed } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { id } = request.params;
      await radar(tenant.organizationId);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const [cluster] = await savedClusters(trx, tenant.organizationId, {
          includeDismissed: true,
          id,
        });
        if (!cluster) throw notFound("Pattern Not Found");
        await trx
          .insertInto("insightDismissals")
          .values({
            organizationId: tenant.organizationId,
            clusterId: id,
            dismissedCount: cluster.count,
            dismissedBy: tenant.userId,
          })
          .onConflict((oc) =>
            oc.columns(["organizationId", "clusterId"]).doUpdateSet({
              dismissedCount: cluster.count,
              dismissedBy: tenant.userId,
              dismissedAt: new Date(),
            }),
          )
          .execute();
        return { id, dismissedCount: cluster.count };
      });
    },
  );
}
