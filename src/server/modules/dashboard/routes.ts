import { z } from "zod";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { ZActivityItem, ZDashboardStats } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { englishLine, messageIn } from "../../lib/i18n/index.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now } from "../../lib/routes.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { countAnnouncements } from "../announcements/index.ts";
import { countDocuments } from "../documents/index.ts";
import {
  dueCounts,
  outcomeStats,
  overdueContacts,
  recentEvents,
  statusCounts,
  visibilityOf,
} from "../grievances/index.ts";

/** The dashboard's cards and its recent activity, each as the caller may see them. */
export function dashboardRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/dashboard-stats",
    { config: { access: "member" }, schema: { response: { 200: ZDashboardStats } } },
    async (request) => {
      const tenant = requireTenant(request);
      const v = visibilityOf(tenant);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const [counts, org, documents, announcements, procedure] = await Promise.all([
          statusCounts(trx, v),
          getOrganization(trx, tenant.organizationId),
          countDocuments(trx, tenant.organizationId),
          countAnnouncements(trx, tenant.organizationId),
          loadProcedure(trx, tenant.organizationId),
        ]);
        const today = todayIn(procedure.timeZone, now(app));
        const due = v.seesAll
          ? await dueCounts(trx, tenant.organizationId, today)
          : { overdue: null, dueThisWeek: null };
        const outcomes = v.seesAll ? await outcomeStats(trx, tenant.organizationId, today) : null;
        const contactOverdue = v.seesAll
          ? (await overdueContacts(trx, tenant.organizationId, procedure, now(app))).length
          : null;
        return {
          totalGrievances: counts.total,
          resolvedGrievances: counts.resolved,
          pendingGrievances: counts.pending,
          escalatedGrievances: counts.escalated,
          organizationName: org?.name ?? "",
          documents,
          announcements,
          ...due,
          contactOverdue,
          outcomes,
        };
      });
    },
  );

  app.get(
    "/api/activity",
    {
      config: { access: "member" },
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(3) }),
        response: { 200: z.object({ items: z.array(ZActivityItem) }) },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const language = requireUser(request).language;
      const rows = await withTenant(db, tenant.organizationId, (trx) =>
        recentEvents(trx, visibilityOf(tenant), request.query.limit),
      );
      return {
        items: rows.map((e) => ({
          id: String(e.id),
          grievanceId: e.grievanceId,
          // The system's own entries (a deadline passing) are named in the reader's language.
          user: e.actorRole === "system" ? messageIn(language, e.actorName) : e.actorName,
          line: e.line,
          action: englishLine(e.line),
          time: new Date(e.createdAt).toISOString(),
        })),
      };
    },
  );
}
