import type { Role } from "../../../shared/permissions.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { type CursorShape, decodeCursor, page } from "../../lib/pagination.ts";
import { assertRoleAllowed } from "../../lib/tenancy/plan-gating.ts";
import {
  countAdmins,
  countMembers,
  findDirectoryEntry,
  findMember,
  listMemberRows,
  type MemberFilter,
} from "./repo.ts";

/** The directory's cursor: the last row's name and user id. */
const DIRECTORY_CURSOR: CursorShape = { key: "text", id: "text" };

/** One page of the directory, by name, and how many members match in all. */
export function listDirectory(
  db: DB,
  organizationId: string,
  query: MemberFilter & { limit: number; cursor?: string },
) {
  const { limit, cursor, ...filter } = query;
  const after = decodeCursor(cursor, DIRECTORY_CURSOR);
  return withTenant(db, organizationId, async (trx) => {
    const rows = await listMemberRows(trx, organizationId, filter, limit, after);
    const { items, nextCursor } = page(rows, limit, (m) => ({ key: m.name, id: m.id }));
    return { items, nextCursor, total: await countMembers(trx, organizationId, filter) };
  });
}

/**
 * Role changes and removals of one organization take turns: the last-admin check counts the
 * admins after any change running beside it has committed (two demotions at once could
 * otherwise each see the other admin and leave none).
 */
async function lockOrganization(trx: TenantTx, organizationId: string): Promise<void> {
  await trx
    .selectFrom("organizations")
    .select("id")
    .where("id", "=", organizationId)
    .forUpdate()
    .execute();
}

const LAST_ADMIN = "An organization needs at least one admin. Make someone else an admin first.";

export async function updateMember(
  db: DB,
  organizationId: string,
  userId: string,
  changes: {
    role?: Role;
    badgeNumber?: string | null;
    department?: string | null;
    facility?: string | null;
  },
) {
  return withTenant(db, organizationId, async (trx) => {
    await lockOrganization(trx, organizationId);
    const member = await findMember(trx, organizationId, userId);
    if (!member) throw notFound("Member not found");
    if (changes.role && changes.role !== member.role) {
      const org = await trx
        .selectFrom("organizations")
        .select("plan")
        .where("id", "=", organizationId)
        .executeTakeFirstOrThrow();
      assertRoleAllowed(org.plan, changes.role);
      if (member.role === "admin" && (await countAdmins(trx, organizationId)) <= 1) {
        throw new AppError(409, "CONFLICT", LAST_ADMIN);
      }
    }
    await trx
      .updateTable("memberships")
      .set(changes)
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .execute();
    const updated = await findDirectoryEntry(trx, organizationId, userId);
    if (!updated) throw notFound("Member not found");
    return updated;
  });
}

/** Removes the member; their sessions end at once, so nothing of the organization stays open. */
export async function removeMember(db: DB, organizationId: string, userId: string) {
  await withTenant(db, organizationId, async (trx) => {
    await lockOrganization(trx, organizationId);
    const member = await findMember(trx, organizationId, userId);
    if (!member) throw notFound("Member not found");
    if (member.role === "admin" && (await countAdmins(trx, organizationId)) <= 1) {
      throw new AppError(409, "CONFLICT", LAST_ADMIN);
    }
    await trx
      .deleteFrom("memberships")
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .execute();
    await trx
      .updateTable("users")
      .set({ organizationId: null })
      .where("id", "=", userId)
      .where("organizationId", "=", organizationId)
      .execute();
    // Their roster person stays (with their grievances), without the account: joining again
    // with the same email links it back (issue 29).
    await trx
      .updateTable("people")
      .set({ userId: null, joinedAt: null, updatedAt: new Date() })
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
  });
}
