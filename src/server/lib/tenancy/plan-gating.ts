import type { Role } from "../../../shared/permissions.ts";
import { getPlan, isPlanId, planLimits } from "../../../shared/plans.ts";
import { OrgMessages } from "../../../shared/schemas/organizations.ts";
import type { DB } from "../../db/connection.ts";
import { AppError } from "../errors.ts";
import { organizationWriteLock } from "./write-lock.ts";

/** product-decisions.md 15, read from the one catalogue: the roles and seats a plan allows. */
const planName = (plan: string) => (isPlanId(plan) ? getPlan(plan).name : plan);

export function assertRoleAllowed(plan: string, role: Role): void {
  if (!planLimits(plan).allowedRoles.includes(role)) {
    throw new AppError(
      409,
      "CONFLICT",
      `The ${planName(plan)} plan has no ${role} role. Upgrade to Growth or Pro to add stewards.`,
    );
  }
}

/** `taken` counts members and open invitations; one more must still fit. */
export function assertSeatAvailable(plan: string, taken: number): void {
  const { maxUsers } = planLimits(plan);
  if (maxUsers !== null && taken >= maxUsers) {
    throw new AppError(
      409,
      "CONFLICT",
      `This organization has reached its limit of ${maxUsers} users on the ${planName(plan)} plan.`,
    );
  }
}

/** A canceled, lapsed or archived organization is read-only: nobody joins it either. */
export async function assertOpenToNewMembers(db: DB, organizationId: string): Promise<void> {
  if (await organizationWriteLock(db, organizationId)) {
    throw new AppError(403, "FORBIDDEN", OrgMessages.closedToNewMembers);
  }
}
