import { sql } from "kysely";
import type { Role } from "../../../shared/permissions.ts";
import { OrgMessages } from "../../../shared/schemas/organizations.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError } from "../errors.ts";
import { linkPersonTx } from "./roster-link.ts";

export interface NewMembership {
  organizationId: string;
  userId: string;
  role: Role;
  badgeNumber?: string | null;
  department?: string | null;
  facility?: string | null;
}

/** Adds the membership and makes it the user's current organization. */
export function addMember(db: DB, m: NewMembership): Promise<void> {
  return withTenant(db, m.organizationId, (trx) => addMemberTx(trx, m));
}

export async function addMemberTx(trx: TenantTx, m: NewMembership): Promise<void> {
  // A person belongs to one organization. Claiming the account's row first makes a second,
  // concurrent join (an invite code here, an invitation there) wait, then find it taken.
  const claimed = await trx
    .updateTable("users")
    .set({ organizationId: m.organizationId })
    .where("id", "=", m.userId)
    .where((eb) =>
      eb.or([eb("organizationId", "is", null), eb("organizationId", "=", m.organizationId)]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    throw new AppError(409, "CONFLICT", OrgMessages.alreadyMember);
  }
  await trx
    .insertInto("memberships")
    .values({
      organizationId: m.organizationId,
      userId: m.userId,
      role: m.role,
      badgeNumber: m.badgeNumber ?? null,
      department: m.department ?? null,
      facility: m.facility ?? null,
    })
    .execute();
  // The account meets its roster person (issue 29): their grievances become its own.
  await linkPersonTx(trx, m);
}

/** People counted against the plan's seats: members plus invitations still open. */
export async function countSeats(trx: TenantTx, organizationId: string): Promise<number> {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .selectFrom("memberships")
        .select(eb.fn.countAll<string>().as("n"))
        .where("organizationId", "=", organizationId)
        .as("members"),
      eb
        .selectFrom("invitations")
        .select(eb.fn.countAll<string>().as("n"))
        .where("organizationId", "=", organizationId)
        .where("acceptedAt", "is", null)
        .where("expiresAt", ">", sql<Date>`now()`)
        .as("invited"),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.members) + Number(row.invited);
}
