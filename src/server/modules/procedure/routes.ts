import { LANGUAGES } from "../../../shared/i18n/languages.ts";
import {
  ProcedureMessages,
  ZComputed,
  ZDeadlinePreviewQuery,
  ZHolidayRegions,
  ZProcedure,
  ZProcedureInput,
  ZPublicHolidays,
  ZPublicHolidaysQuery,
} from "../../../shared/schemas/procedure.ts";
import type { AppInstance } from "../../app.ts";
import { AppError } from "../../lib/errors.ts";
import { storedStepNameOf } from "../../lib/i18n/index.ts";
import {
  holidayRegions,
  isKnownRegion,
  loadProcedure,
  publicHolidays,
} from "../../lib/procedure/index.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { previewDeadline, replaceProcedure } from "./service.ts";

/** The organization's grievance procedure (issue 17, docs/decisions/017). */
export function procedureRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/organization/procedure",
    { config: { access: "member" }, schema: { response: { 200: ZProcedure } } },
    async (request) => loadProcedure(db, requireTenant(request).organizationId),
  );

  app.put(
    "/api/organization/procedure",
    {
      config: { access: "manage:organization" },
      schema: { body: ZProcedureInput, response: { 200: ZProcedure } },
    },
    async (request) =>
      replaceProcedure(
        db,
        requireTenant(request).organizationId,
        requireUser(request).id,
        // A default's name in the admin's language stays the default (decision 039).
        {
          ...request.body,
          steps: request.body.steps.map((s) => ({ ...s, name: storedStepNameOf(s.name) })),
        },
      ),
  );

  app.get(
    "/api/procedure/deadline-preview",
    {
      config: { access: "member" },
      schema: { querystring: ZDeadlinePreviewQuery, response: { 200: ZComputed } },
    },
    async (request) => previewDeadline(db, requireTenant(request).organizationId, request.query),
  );

  // The same for everyone (date-holidays' countries and their states), so no tenant needed;
  // the browser gets this list instead of the library.
  app.get(
    "/api/procedure/holiday-regions",
    { config: { access: "signedIn" }, schema: { response: { 200: ZHolidayRegions } } },
    async (_request, reply) => {
      reply.header("cache-control", "private, max-age=86400");
      return holidayRegions();
    },
  );

  // A region's public holidays of a year, for the Procedure tab's list of holidays the
  // contract may work (issue 30): the same for everyone, observed days included.
  app.get(
    "/api/procedure/public-holidays",
    {
      config: { access: "signedIn" },
      schema: { querystring: ZPublicHolidaysQuery, response: { 200: ZPublicHolidays } },
    },
    async (request, reply) => {
      const { region, year } = request.query;
      if (!isKnownRegion(region)) {
        throw new AppError(400, "VALIDATION_FAILED", ProcedureMessages.region, {
          region: ProcedureMessages.region,
        });
      }
      reply.header("cache-control", "private, max-age=86400");
      const days = [...publicHolidays(region, year)].sort(([a], [b]) => a.localeCompare(b));
      const names = (date: string) =>
        Object.fromEntries(
          LANGUAGES.map((l) => [l, publicHolidays(region, year, l).get(date) ?? ""]),
        );
      return { holidays: days.map(([date, name]) => ({ date, name, names: names(date) })) };
    },
  );
}
