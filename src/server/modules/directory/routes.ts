import { z } from "zod";
import {
  ZInvitation,
  ZInvitationInput,
  ZMember,
  ZMemberUpdate,
  ZRole,
} from "../../../shared/schemas/organizations.ts";
import type { AppInstance } from "../../app.ts";
import { notFound } from "../../lib/errors.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listOpenInvitations,
  revokeInvitation,
} from "./invitations.ts";
import { listDirectory, removeMember, updateMember } from "./members.ts";

const ZUserIdParams = z.object({ userId: z.string().min(1).max(100) });
const ZTokenParams = z.object({ token: z.string().min(10).max(200) });
const ROLE_LIST = /^(admin|steward|member)(,(admin|steward|member))*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function directoryRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.get(
    "/api/members",
    {
      config: { access: "view:directory" },
      schema: {
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          facility: z.string().trim().max(100).optional(),
          /** Only these roles, comma-separated (e.g. `steward,admin` for an assignee picker). */
          role: z
            .string()
            .regex(ROLE_LIST, "Roles are admin, steward or member, separated by commas.")
            .optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
          cursor: z.string().max(2000).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(ZMember),
            nextCursor: z.string().nullable(),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { role, ...query } = request.query;
      const roles = role ? ZRole.array().parse(role.split(",")) : undefined;
      return listDirectory(db, requireTenant(request).organizationId, { ...query, roles });
    },
  );

  app.patch(
    "/api/members/:userId",
    {
      config: { access: "edit:directory" },
      schema: { params: ZUserIdParams, body: ZMemberUpdate, response: { 200: ZMember } },
    },
    async (request) =>
      updateMember(db, requireTenant(request).organizationId, request.params.userId, request.body),
  );

  app.delete(
    "/api/members/:userId",
    { config: { access: "edit:directory" }, schema: { params: ZUserIdParams } },
    async (request, reply) => {
      await removeMember(db, requireTenant(request).organizationId, request.params.userId);
      return reply.status(204).send();
    },
  );

  invitationRoutes(app);
}

/** Invitations: listed, sent, withdrawn, read and accepted by their token. */
function invitationRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    "/api/invitations",
    {
      config: { access: "add:directory" },
      schema: { response: { 200: z.object({ items: z.array(ZInvitation) }) } },
    },
    async (request) => ({
      items: await listOpenInvitations(db, requireTenant(request).organizationId),
    }),
  );

  app.post(
    "/api/invitations",
    {
      config: { access: "add:directory" },
      schema: { body: ZInvitationInput, response: { 201: ZInvitation } },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const invitation = await createInvitation(
        db,
        {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          appUrl: app.deps.env.APP_URL,
          language: requireUser(request).language,
        },
        request.body,
      );
      return reply.status(201).send(invitation);
    },
  );

  app.delete(
    "/api/invitations/:id",
    {
      config: { access: "add:directory" },
      schema: { params: ZIdParams },
    },
    async (request, reply) => {
      if (!UUID.test(request.params.id)) throw notFound("Invitation not found");
      await revokeInvitation(db, requireTenant(request).organizationId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/invitations/by-token/:token",
    {
      // Public: the link's holder sees the invitation before having an account (issue 14);
      // the token is 256 random bits, and it names only the local, the inviter and the role.
      config: { access: "public" },
      schema: {
        params: ZTokenParams,
        response: {
          200: z.object({
            organizationName: z.string(),
            email: z.string(),
            role: ZRole,
            invitedBy: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => describeInvitation(db, request.params.token),
  );

  app.post(
    "/api/invitations/by-token/:token/accept",
    {
      config: { access: "signedIn" },
      schema: {
        params: ZTokenParams,
        response: { 200: z.object({ id: z.string(), name: z.string() }) },
      },
    },
    async (request) => acceptInvitation(db, requireUser(request), request.params.token),
  );
}
