import { z } from "zod";
import { todayIn } from "../../../shared/procedure/index.ts";
import {
  type TCluster,
  ZClusterId,
  ZDismissed,
  ZInsights,
} from "../../../shared/schemas/insights.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { requireTenant } from "../../plugins/access.ts";
import { findClusters } from "./clusters.ts";

/** The repeat-violation radar (issue 21): stewards and admins; members never see it (403). */
export function insightRoutes(app: AppInstance): void {
  const { db } = app.deps;
  const now = () => app.deps.now?.() ?? new Date();

  /**
   * The radar reads a year of grievances (about 3 s at a million): requests for one
   * organization that arrive while it runs share that run instead of each starting their own,
   * so a busy dashboard cannot pile them up into statement timeouts. Every caller may see the
   * same answer: the route is for stewards and admins, and the answer is the organization's.
   */
  const running = new Map<string, Promise<{ clusters: TCluster[] }>>();
  app.get(
    "/api/insights",
    { config: { access: "view:all_grievances" }, schema: { response: { 200: ZInsights } } },
    async (request) => {
      const { organizationId } = requireTenant(request);
      const shared = running.get(organizationId);
      if (shared) return shared;
      const run = withTenant(db, organizationId, async (trx) => {
        const { timeZone } = await loadProcedure(trx, organizationId);
        const today = todayIn(timeZone, now());
        return { clusters: await findClusters(trx, organizationId, today, timeZone) };
      }).finally(() => running.delete(organizationId));
      running.set(organizationId, run);
      return run;
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
      const dismissed = await withTenant(db, tenant.organizationId, async (trx) => {
        const { timeZone } = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(timeZone, now());
        const clusters = await findClusters(trx, tenant.organizationId, today, timeZone, {
          includeDismissed: true,
        });
        const cluster = clusters.find((c) => c.id === id);
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
      // A run that started before the dismissal would still show it: the next request
      // starts afresh.
      running.delete(tenant.organizationId);
      return dismissed;
    },
  );
}
