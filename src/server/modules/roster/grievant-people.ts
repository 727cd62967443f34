import type { TenantTx } from "../../db/tenant.ts";
import { isUuid } from "../../lib/pagination.ts";

export interface GrievantPerson {
  personId: string;
  userId: string | null;
  name: string;
}

/**
 * The roster people that grievance requests name (issue 29): each id is an account's (a member
 * of the organization, as before the roster) or a person's roster id. Answers, for each id
 * given, its person; ids of nobody in the organization are left out.
 */
export async function resolveGrievantPeople(
  trx: TenantTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, GrievantPerson>> {
  const found = new Map<string, GrievantPerson>();
  if (ids.length === 0) return found;
  const rosterIds = ids.filter(isUuid);
  const rows = await trx
    .selectFrom("people as p")
    .leftJoin("users as u", "u.id", "p.userId")
    .leftJoin("memberships as m", (join) =>
      join.onRef("m.userId", "=", "p.userId").on("m.organizationId", "=", organizationId),
    )
    .select(["p.id", "p.userId", "p.name", "u.name as accountName", "m.userId as memberId"])
    .where("p.organizationId", "=", organizationId)
    .where((eb) =>
      eb.or([
        eb("p.userId", "in", [...ids]),
        ...(rosterIds.length ? [eb("p.id", "in", rosterIds)] : []),
      ]),
    )
    .execute();
  for (const r of rows) {
    const person = {
      personId: r.id,
      // An account that left the organization is no grievant's account any more.
      userId: r.memberId ? r.userId : null,
      name: r.accountName ?? r.name,
    };
    if (rosterIds.includes(r.id)) found.set(r.id, person);
    // An account id names its person only while it is a member.
    if (r.userId && r.memberId && ids.includes(r.userId)) found.set(r.userId, person);
  }
  return found;
}
