import { z } from "zod";
import {
  ZAnnouncement,
  ZAnnouncementInput,
  ZAnnouncementList,
  ZAnnouncementListQuery,
  ZAnnouncementUpdate,
} from "../../../shared/schemas/announcements.ts";
import type { AppInstance } from "../../app.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { requireTenant } from "../../plugins/access.ts";
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from "./service.ts";

/** The announcements board: read (everyone), post (admins, stewards), edit and delete (admins). */
export function announcementRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/announcements",
    {
      config: { access: "view:announcements" },
      schema: { querystring: ZAnnouncementListQuery, response: { 200: ZAnnouncementList } },
    },
    async (request) => listAnnouncements(db, requireTenant(request).organizationId, request.query),
  );

  app.post(
    "/api/announcements",
    {
      config: { access: "create:announcement" },
      schema: {
        body: ZAnnouncementInput,
        response: { 201: ZAnnouncement.extend({ emailed: z.number() }) },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { announcement, emailed } = await createAnnouncement(
        db,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          appUrl: app.deps.env.APP_URL,
        },
        request.body,
      );
      return reply.status(201).send({ ...announcement, emailed });
    },
  );

  app.patch(
    "/api/announcements/:id",
    {
      config: { access: "edit:announcement" },
      schema: { params: ZIdParams, body: ZAnnouncementUpdate, response: { 200: ZAnnouncement } },
    },
    async (request) =>
      updateAnnouncement(
        db,
        requireTenant(request).organizationId,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    "/api/announcements/:id",
    { config: { access: "delete:announcement" }, schema: { params: ZIdParams } },
    async (request, reply) => {
      await deleteAnnouncement(db, requireTenant(request).organizationId, request.params.id);
      return reply.status(204).send();
    },
  );
}
