import { sql } from "kysely";
import type { TenantTx } from "../../db/tenant.ts";

export function listMembers(
  trx: TenantTx,
  organizationId: string,
  filter: { q?: string; facility?: string },
) {
  let query = trx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select([
      "u.id",
      "u.name",
      "u.email",
      "u.image as avatar",
      "m.role",
      "m.badgeNumber",
      "m.department",
      "m.facility",
    ])
    .where("m.organizationId", "=", organizationId);
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("u.name", "ilike", like),
        eb("u.email", "ilike", like),
        eb(sql<string>`m.role::text`, "ilike", like),
      ]),
    );
  }
  if (filter.facility) query = query.where("m.facility", "=", filter.facility);
  return query.orderBy("u.name").orderBy("u.id").limit(500).execute();
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
