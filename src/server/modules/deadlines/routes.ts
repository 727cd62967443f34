import { z } from "zod";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { can } from "../../../shared/permissions.ts";
import {
  ZBoardPage,
  ZBoardQuery,
  ZCalendarCreate,
  ZCalendarFeed,
  ZCalendarStatus,
  ZHeldList,
  ZHeldQuery,
  ZReminderSettings,
  ZWorkload,
} from "../../../shared/schemas/deadlines.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { decodeCursor } from "../../lib/pagination.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { type AssigneeFilter, BOARD_CURSOR, boardPage, heldCases, workload } from "./board.ts";
import { FEED_TOKEN, feedFor, saveFeed } from "./calendar.ts";

/**
 * The steward's board and the admins' workload (stewards and admins; members 403), the
 * private calendar feed, and the reminder settings (issue 18).
 */
export function deadlineRoutes(app: AppInstance): void {
  const { db } = app.deps;

  const whoOf = (assignee: string | undefined, userId: string): AssigneeFilter =>
    assignee === undefined
      ? null
      : assignee === "unassigned"
        ? { kind: "unassigned" }
        : { kind: "person", id: assignee === "me" ? userId : assignee };

  app.get(
    "/api/deadlines/held",
    {
      config: { access: "view:all_grievances" },
      schema: { querystring: ZHeldQuery, response: { 200: ZHeldList } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { assignee, limit } = request.query;
      return withTenant(db, tenant.organizationId, (trx) =>
        heldCases(trx, {
          organizationId: tenant.organizationId,
          who: whoOf(assignee, tenant.userId),
          limit,
        }),
      );
    },
  );

  app.get(
    "/api/deadlines",
    {
      config: { access: "view:all_grievances" },
      schema: { querystring: ZBoardQuery, response: { 200: ZBoardPage } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { due, assignee, limit, cursor } = request.query;
      const after = decodeCursor(cursor, BOARD_CURSOR);
      const who: AssigneeFilter =
        assignee === undefined
          ? null
          : assignee === "unassigned"
            ? { kind: "unassigned" }
            : { kind: "person", id: assignee === "me" ? tenant.userId : assignee };
      const at = now(app);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        const today = todayIn(procedure.timeZone, at);
        return boardPage(trx, {
          organizationId: tenant.organizationId,
          due,
          who,
          today,
          now: at,
          limit,
          after,
          procedure,
        });
      });
    },
  );

  app.get(
    "/api/workload",
    { config: { access: "manage:organization" }, schema: { response: { 200: ZWorkload } } },
    async (request) => {
      const tenant = requireTenant(request);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        return workload(trx, tenant.organizationId, todayIn(procedure.timeZone, now(app)));
      });
    },
  );

  calendarFeedRoutes(app);
}

/** The calendar feeds (a person's link, the file it serves) and the deadline reminders' settings. */
function calendarFeedRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    "/api/profile/calendar",
    { config: { access: "view:all_grievances" }, schema: { response: { 200: ZCalendarStatus } } },
    async (request) => {
      const tenant = requireTenant(request);
      const feed = await withTenant(db, tenant.organizationId, (trx) =>
        trx
          .selectFrom("calendarFeeds")
          .select(["scope", "createdAt"])
          .where("organizationId", "=", tenant.organizationId)
          .where("userId", "=", tenant.userId)
          .executeTakeFirst(),
      );
      return {
        active: Boolean(feed),
        scope: feed?.scope ?? null,
        createdAt: feed ? new Date(feed.createdAt).toISOString() : null,
      };
    },
  );

  /** A new address each time: the previous one stops working. */
  app.post(
    "/api/profile/calendar",
    {
      config: { access: "view:all_grievances" },
      schema: { body: ZCalendarCreate, response: { 201: ZCalendarFeed } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { scope } = request.body;
      if (scope === "all" && !can(tenant.role, "manage:organization")) throw forbidden();
      const token = await withTenant(db, tenant.organizationId, (trx) =>
        saveFeed(trx, { organizationId: tenant.organizationId, userId: tenant.userId, scope }),
      );
      return reply.status(201).send({ url: `${app.deps.env.APP_URL}/api/calendar/${token}.ics` });
    },
  );

  app.delete(
    "/api/profile/calendar",
    { config: { access: "view:all_grievances" } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      await withTenant(db, tenant.organizationId, (trx) =>
        trx
          .deleteFrom("calendarFeeds")
          .where("organizationId", "=", tenant.organizationId)
          .where("userId", "=", tenant.userId)
          .execute(),
      );
      return reply.status(204).send();
    },
  );

  /** Calendar apps fetch this without a cookie: the token is the key. */
  app.get(
    "/api/calendar/:file",
    { config: { access: "public" }, schema: { params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, "");
      if (!request.params.file.endsWith(".ics") || !FEED_TOKEN.test(token))
        throw notFound("Calendar Not Found");
      const body = await feedFor(db, token, app.deps.env.APP_URL);
      if (body === null) throw notFound("Calendar Not Found");
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=900")
        .send(body);
    },
  );

  app.get(
    "/api/profile/reminders",
    { config: { access: "signedIn" }, schema: { response: { 200: ZReminderSettings } } },
    async (request) => {
      const user = requireUser(request);
      const row = await db
        .selectFrom("users")
        .select(["remindThreeDays", "remindOneDay"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      return { threeDays: row.remindThreeDays, oneDay: row.remindOneDay };
    },
  );

  /** Only the 3-day and 1-day reminders can be turned off; 'due today' and 'missed' always go. */
  app.put(
    "/api/profile/reminders",
    {
      config: { access: "signedIn" },
      schema: { body: ZReminderSettings, response: { 200: ZReminderSettings } },
    },
    async (request) => {
      const user = requireUser(request);
      const { threeDays, oneDay } = request.body;
      await db
        .updateTable("users")
        .set({ remindThreeDays: threeDays, remindOneDay: oneDay, updatedAt: new Date() })
        .where("id", "=", user.id)
        .execute();
      return { threeDays, oneDay };
    },
  );
}
