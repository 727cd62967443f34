import { sql } from "kysely";
import type { Role } from "../../../shared/permissions.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, containsPattern } from "../../lib/pagination.ts";

export interface MemberFilter {
  q?: string;
  facility?: string;
  roles?: Role[];
}

const COLUMNS = [
  "u.id",
  "u.name",
  "u.email",
  "u.image as avatar",
  "m.role",
  "m.badgeNumber",
  "m.department",
  "m.facility",
] as const;

function selectMembers(trx: TenantTx, organizationId: string, filter: MemberFilter) {
  let query = trx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .where("m.organizationId", "=", organizationId);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb("u.name", "ilike", like),
        eb("u.email", "ilike", like),
        eb(sql<string>`m.role::text`, "ilike", like),
      ]),
    );
  }
  if (filter.facility) query = query.where("m.facility", "=", filter.facility);
  if (filter.roles?.length) query = query.where("m.role", "in", filter.roles);
  return query;
}

/** By name, then id: `limit + 1` members after the cursor (the last row's name and id). */
export function listMemberRows(
  trx: TenantTx,
  organizationId: string,
  filter: MemberFilter,
  limit: number,
  after: Cursor | null,
) {
  let query = selectMembers(trx, organizationId, filter).select(COLUMNS);
  if (after) query = query.where(sql<boolean>`(u.name, u.id) > (${after.key}, ${after.id})`);
  return query
    .orderBy("u.name")
    .orderBy("u.id")
    .limit(limit + 1)
    .execute();
}

export async function countMembers(
  trx: TenantTx,
  organizationId: string,
  filter: MemberFilter,
): Promise<number> {
  const row = await selectMembers(trx, organizationId, filter)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One member as the directory lists them. */
export function findDirectoryEntry(trx: TenantTx, organizationId: string, userId: string) {
  return selectMembers(trx, organizationId, {})
    .select(COLUMNS)
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

export function countAdmins(trx: TenantTx, organizationId: string) {
  return trx
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organizationId", "=", organizationId)
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function findMember(trx: TenantTx, organizationId: string, userId: string) {
  return trx
    .selectFrom("memberships")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}
