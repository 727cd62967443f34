import { z } from "zod";
import {
  ZCreateOrganization,
  ZInviteCode,
  ZJoinOrganization,
  ZOrganizationConfig,
  ZOrganizationConfigInput,
  ZOrganizationCreated,
} from "../../../shared/schemas/organizations.ts";
import { ZOrganizationSecurity } from "../../../shared/schemas/profile.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { ZIdParams } from "../../lib/routes.ts";
import { getOrganization, getOrganizationConfig } from "../../lib/tenancy/organization.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import {
  createOrganization,
  findByInviteCode,
  joinByInviteCode,
  rotateInviteCode,
  saveConfig,
} from "./service.ts";

const ZOrgSummary = z.object({ id: z.string(), name: z.string() });
const ZInviteCodeAnswer = z.object({ inviteCode: z.string() });

export function organizationRoutes(app: AppInstance): void {
  const { db } = app.deps;

  app.post(
    "/api/organizations",
    {
      config: { access: "signedIn" },
      schema: { body: ZCreateOrganization, response: { 201: ZOrganizationCreated } },
    },
    async (request, reply) => {
      const org = await createOrganization(
        db,
        requireUser(request).id,
        request.body,
        app.deps.env.BILLING_MODE === "off" ? "off" : "on",
      );
      return reply.status(201).send(org);
    },
  );

  app.get(
    "/api/organizations/by-invite/:code",
    {
      config: { access: "signedIn" },
      schema: { params: z.object({ code: ZInviteCode }), response: { 200: ZOrgSummary } },
    },
    async (request) => findByInviteCode(db, request.params.code),
  );

  app.post(
    "/api/organizations/join",
    {
      config: { access: "signedIn" },
      schema: { body: ZJoinOrganization, response: { 200: ZOrgSummary } },
    },
    async (request) => joinByInviteCode(db, requireUser(request).id, request.body.inviteCode),
  );

  app.get(
    "/api/organizations/:id",
    {
      config: { access: "member" },
      schema: {
        params: ZIdParams,
        response: {
          200: z.object({
            id: z.string(),
            name: z.string(),
            plan: z.string(),
            status: z.string(),
            trialEndsAt: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      // Another organization's id answers like a missing one (product-decisions.md 4).
      if (request.params.id !== tenant.organizationId) throw notFound();
      const org = await withTenant(db, tenant.organizationId, (trx) =>
        getOrganization(trx, tenant.organizationId),
      );
      if (!org) throw notFound();
      return {
        id: org.id,
        name: org.name,
        plan: org.plan,
        status: org.status,
        trialEndsAt: org.trialEndsAt ? new Date(org.trialEndsAt).toISOString() : null,
      };
    },
  );

  organizationSettingsRoutes(app);
}

/** The organization's own settings: its invite code, security and configuration. */
function organizationSettingsRoutes(app: AppInstance): void {
  const { db } = app.deps;
  app.get(
    "/api/organization/invite-code",
    { config: { access: "manage:organization" }, schema: { response: { 200: ZInviteCodeAnswer } } },
    async (request) => {
      const tenant = requireTenant(request);
      const org = await withTenant(db, tenant.organizationId, (trx) =>
        getOrganization(trx, tenant.organizationId),
      );
      if (!org) throw notFound();
      return { inviteCode: org.inviteCode };
    },
  );

  app.post(
    "/api/organization/invite-code",
    { config: { access: "manage:organization" }, schema: { response: { 200: ZInviteCodeAnswer } } },
    async (request) => ({
      inviteCode: await rotateInviteCode(db, requireTenant(request).organizationId),
    }),
  );

  app.put(
    "/api/organization/security",
    {
      config: { access: "manage:organization" },
      schema: { body: ZOrganizationSecurity, response: { 200: ZOrganizationSecurity } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      if (request.body.requireTwoFactor && !requireUser(request).twoFactorEnabled) {
        // Requiring it without having it would lock the admin out of their own organization.
        throw new AppError(
          409,
          "CONFLICT",
          "Turn on two-factor sign-in for your own account first.",
        );
      }
      await withTenant(db, tenant.organizationId, (trx) =>
        trx
          .updateTable("organizations")
          .set({ requireTwoFactor: request.body.requireTwoFactor, updatedAt: new Date() })
          .where("id", "=", tenant.organizationId)
          .execute(),
      );
      return request.body;
    },
  );

  app.get(
    "/api/organization/config",
    { config: { access: "member" }, schema: { response: { 200: ZOrganizationConfig } } },
    async (request) => getOrganizationConfig(db, requireTenant(request).organizationId),
  );

  app.put(
    "/api/organization/config",
    {
      config: { access: "manage:organization" },
      schema: { body: ZOrganizationConfigInput, response: { 200: ZOrganizationConfig } },
    },
    async (request) => saveConfig(db, requireTenant(request).organizationId, request.body),
  );
}
