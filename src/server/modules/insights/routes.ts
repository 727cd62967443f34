import { z } from "zod";
import { todayIn } from "../../../shared/procedure/index.ts";
import { ZClusterId, ZDismissed, ZInsights } from "../../../shared/schemas/insights.ts";
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

  app.get(
    "/api/insights",
    { config: { access: "view:all_grievances" }, schema: { response: { 200: ZInsights } } },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const { timeZone } = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(timeZone, now());
        return { clusters: await findClusters(trx, tenant.organizationId, today, timeZone) };
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
      return withTenant(db, tenant.organizationId, async (trx) => {
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
    },
  );
}
