import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { ZListQuery } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import { csvRow } from "./csv.ts";
import { exportRows } from "./repo.ts";
import { visibilityOf } from "./service.ts";

const HEADER = [
  "ID",
  "Name",
  "Badge #",
  "Job Title",
  "Department",
  "Location",
  "Status",
  "Filed",
  "Description",
  "Remedy",
];

/** The tracker's list as a CSV file, with the same filters as the list. */
export function exportRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/grievances/export.csv",
    {
      config: { access: "view:all_grievances" },
      schema: {
        querystring: ZListQuery.omit({ limit: true, cursor: true, sort: true, order: true }),
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const rows = await withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(procedure.timeZone, now(app));
        return exportRows(trx, visibilityOf(tenant), { ...request.query, today });
      });
      const body = rows.map((g) =>
        csvRow([
          g.id,
          g.name,
          g.badgeNumber,
          g.jobTitle,
          g.department,
          g.location,
          g.status,
          new Date(g.filedAt).toISOString(),
          g.description,
          g.remedy,
        ]),
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          contentDisposition(
            "attachment",
            `grievances-${new Date().toISOString().slice(0, 10)}`,
            "csv",
          ),
        )
        .send(`\uFEFF${csvRow(HEADER)}${body.join("")}`);
    },
  );
}
