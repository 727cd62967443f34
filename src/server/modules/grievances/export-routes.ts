import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages.ts";
import { ZListQuery } from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { utcTime } from "../../lib/i18n/days.ts";
import { defaultsIn, translator } from "../../lib/i18n/index.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { csvRow } from "./csv.ts";
import { visibilityOf } from "./lock.ts";
import { exportRows } from "./repo.ts";

/** The columns, by their casefile:trackerCsv key ("ID", "Name", "Badge #"... in English). */
const COLUMNS = [
  "id",
  "name",
  "badge",
  "jobTitle",
  "department",
  "location",
  "status",
  "filed",
  "description",
  "remedy",
] as const;

/**
 * The tracker's list as a CSV file, with the same filters as the list, in the reader's language
 * (issue 31): the header, the status and the filing time. English keeps the spec's file (the
 * status as stored, the time as ISO 8601); another language names the status as the portal does
 * and writes the time through Intl.
 */
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
      const language = requireUser(request).language;
      const t = translator(language);
      const english = language === DEFAULT_LANGUAGE;
      // The product's default entries in the reader's words; typed ones as typed (decision 039).
      const { entry } = defaultsIn(language);
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
          entry("jobTitles", g.jobTitle),
          entry("departments", g.department),
          entry("locations", g.location),
          english ? g.status : t(`casefile:statuses.${g.status}`),
          english
            ? new Date(g.filedAt).toISOString()
            : utcTime(language, new Date(g.filedAt).toISOString()),
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
        .send(`\uFEFF${csvRow(COLUMNS.map((c) => t(`casefile:trackerCsv.${c}`)))}${body.join("")}`);
    },
  );
}
