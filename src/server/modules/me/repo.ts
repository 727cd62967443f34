import type { TenantTx } from "../../db/tenant.ts";

/** The organization and the user's membership in it, read inside the tenant's transaction. */
export async function findMembershipDetails(trx: TenantTx, organizationId: string, userId: string) {
  return trx
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.organizationId")
    .select([
      "o.id",
      "o.name",
      "o.plan",
      "o.status",
      "o.setupCompleted",
      "o.requireTwoFactor",
      "m.role",
      "m.badgeNumber",
      "m.department",
      "m.facility",
    ])
    .where("m.organizationId", "=", organizationId)
    .where("m.userId", "=", userId)
    .executeTakeFirst();
}
