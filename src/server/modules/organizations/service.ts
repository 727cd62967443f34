import { randomUUID } from "node:crypto";
import { PLANS, TRIAL_DAYS } from "../../../shared/plans.ts";
import {
  LIST_NAMES,
  type ListName,
  OrgMessages,
  type TCreateOrganization,
  type TOrganizationConfig,
} from "../../../shared/schemas/organizations.ts";
import { defaultProcedure } from "../../../shared/schemas/procedure.ts";
import type { DB } from "../../db/connection.ts";
import { isUniqueViolation, lookupTenant, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { saveProcedure } from "../../lib/procedure/index.ts";
import { addMemberTx, countSeats } from "../../lib/tenancy/memberships.ts";
import { getOrganization, getOrganizationConfig } from "../../lib/tenancy/organization.ts";
import { assertOpenToNewMembers, assertSeatAvailable } from "../../lib/tenancy/plan-gating.ts";
import { findTenant } from "../../plugins/access.ts";
import { newInviteCode, normalizeInviteCode } from "./invite-code.ts";

/** Plans an organization can start on by itself (Enterprise goes through sales, product-decisions.md 20). */
const isSelfServe = (planId: string) =>
  PLANS.some((p) => p.id === planId && !p.isHidden && !p.isCustomPricing && !p.comingSoon);

async function assertNoOrganization(db: DB, userId: string) {
  if (await findTenant(db, userId)) throw new AppError(409, "CONFLICT", OrgMessages.alreadyMember);
}

/**
 * Creates the organization with the caller as admin, on a 14-day trial with no card
 * (product-decisions.md 21). With billing off (a union running its own copy) there is no
 * plan to choose and no trial: the organization is active with no limits (Enterprise's).
 */
export async function createOrganization(
  db: DB,
  userId: string,
  input: TCreateOrganization,
  billing: "on" | "off" = "on",
) {
  if (billing === "off") input = { ...input, plan: "enterprise", billingCycle: "yearly" };
  else if (!isSelfServe(input.plan)) {
    throw new AppError(400, "VALIDATION_FAILED", "Please select a plan before proceeding.", {
      plan: "Please select a plan before proceeding.",
    });
  }
  await assertNoOrganization(db, userId);
  const trialEndsAt = billing === "off" ? null : new Date(Date.now() + TRIAL_DAYS * 86_400_000);
  for (let attempt = 0; ; attempt++) {
    const id = randomUUID();
    try {
      return await withTenant(db, id, async (trx) => {
        const org = await trx
          .insertInto("organizations")
          .values({
            id,
            name: input.name,
            inviteCode: newInviteCode(),
            plan: input.plan,
            billingCycle: input.billingCycle,
            status: billing === "off" ? "active" : "trialing",
            trialEndsAt,
          })
          .returning(["id", "name", "inviteCode", "plan", "status", "trialEndsAt"])
          .executeTakeFirstOrThrow();
        await addMemberTx(trx, { organizationId: id, userId, role: "admin" });
        // The default procedure, stored so a later change of the default never rewrites it.
        await saveProcedure(trx, id, defaultProcedure(), userId);
        return {
          ...org,
          trialEndsAt: org.trialEndsAt ? new Date(org.trialEndsAt).toISOString() : null,
        };
      });
    } catch (error) {
      // An invitation code already taken (about 1 in 10^14): draw another.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Public facts behind an invitation code: enough to say "Join {name}?". */
export async function findByInviteCode(db: DB, code: string) {
  const organizationId = await lookupTenant(db, "invite_code", normalizeInviteCode(code));
  if (!organizationId) throw notFound(OrgMessages.invalidInvite);
  const org = await withTenant(db, organizationId, (trx) => getOrganization(trx, organizationId));
  if (!org) throw notFound(OrgMessages.invalidInvite);
  return { id: org.id, name: org.name };
}

export async function joinByInviteCode(db: DB, userId: string, code: string) {
  const organizationId = await lookupTenant(db, "invite_code", normalizeInviteCode(code));
  if (!organizationId) throw notFound(OrgMessages.invalidInvite);
  await assertNoOrganization(db, userId);
  return withTenant(db, organizationId, async (trx) => {
    // Serialise joins of one organization so two people cannot take the last seat together.
    const org = await trx
      .selectFrom("organizations")
      .select(["id", "name", "plan"])
      .where("id", "=", organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await assertOpenToNewMembers(trx, organizationId);
    assertSeatAvailable(org.plan, await countSeats(trx, organizationId));
    await addMemberTx(trx, { organizationId, userId, role: "member" });
    return { id: org.id, name: org.name };
  });
}

export async function rotateInviteCode(db: DB, organizationId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTenant(db, organizationId, async (trx) => {
        const row = await trx
          .updateTable("organizations")
          .set({ inviteCode: newInviteCode(), updatedAt: new Date() })
          .where("id", "=", organizationId)
          .returning("inviteCode")
          .executeTakeFirstOrThrow();
        return row.inviteCode;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

export async function saveConfig(
  db: DB,
  organizationId: string,
  input: { name: string } & Record<ListName, string[]>,
): Promise<TOrganizationConfig> {
  await withTenant(db, organizationId, (trx) =>
    trx
      .updateTable("organizations")
      .set({
        name: input.name,
        ...Object.fromEntries(LIST_NAMES.map((n) => [n, input[n]])),
        setupCompleted: true,
        updatedAt: new Date(),
      })
      .where("id", "=", organizationId)
      .execute(),
  );
  return getOrganizationConfig(db, organizationId);
}
