import { sql } from "kysely";
import type { TRosterPerson } from "../../../shared/schemas/roster.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, containsPattern } from "../../lib/pagination.ts";

export interface RosterFilter {
  q?: string;
  status: "active" | "left" | "all";
  hasAccount?: boolean;
}

export const PERSON_COLUMNS = [
  "p.id",
  "p.name",
  "p.email",
  "p.badgeNumber",
  "p.phone",
  "p.department",
  "p.location",
  "p.jobTitle",
  "p.shift",
  "p.hireDate",
  "p.language",
  "p.status",
  "p.userId",
  "p.invitedAt",
  "p.joinedAt",
  "p.invitationMailId",
] as const;

function selectPeople(trx: TenantTx, organizationId: string, filter: RosterFilter) {
  let query = trx.selectFrom("people as p").where("p.organizationId", "=", organizationId);
  if (filter.status !== "all") query = query.where("p.status", "=", filter.status);
  if (filter.hasAccount !== undefined)
    query = query.where("p.userId", filter.hasAccount ? "is not" : "is", null);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb("p.name", "ilike", like),
        eb("p.badgeNumber", "ilike", like),
        eb("p.email", "ilike", like),
      ]),
    );
  }
  return query;
}

/** The invitation's mail, for 'bounced': the outbox gave up on it. */
const mailFailed = sql<boolean>`EXISTS (SELECT 1 FROM mail_outbox o
  WHERE o.id = p.invitation_mail_id AND o.status = 'failed')`;

export type PersonRow = Awaited<ReturnType<typeof listPeopleRows>>[number];

/** By name, then id: `limit + 1` people after the cursor. */
export function listPeopleRows(
  trx: TenantTx,
  organizationId: string,
  filter: RosterFilter,
  limit: number,
  after: Cursor | null,
) {
  let query = selectPeople(trx, organizationId, filter).select([
    ...PERSON_COLUMNS,
    mailFailed.as("bounced"),
  ]);
  if (after) query = query.where(sql<boolean>`(p.name, p.id) > (${after.key}, ${after.id}::uuid)`);
  return query
    .orderBy("p.name")
    .orderBy("p.id")
    .limit(limit + 1)
    .execute();
}

export async function countPeople(trx: TenantTx, organizationId: string, filter: RosterFilter) {
  const row = await selectPeople(trx, organizationId, filter)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPerson(trx: TenantTx, organizationId: string, id: string) {
  return trx
    .selectFrom("people as p")
    .select([...PERSON_COLUMNS, mailFailed.as("bounced")])
    .where("p.organizationId", "=", organizationId)
    .where("p.id", "=", id)
    .executeTakeFirst();
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toPerson(r: PersonRow): TRosterPerson {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    badgeNumber: r.badgeNumber,
    phone: r.phone,
    department: r.department,
    location: r.location,
    jobTitle: r.jobTitle,
    shift: r.shift,
    hireDate: r.hireDate,
    language: r.language,
    status: r.status,
    hasAccount: r.userId !== null,
    userId: r.userId,
    invitation: r.userId ? "joined" : r.bounced ? "bounced" : r.invitedAt ? "invited" : "none",
    invitedAt: iso(r.invitedAt),
    joinedAt: iso(r.joinedAt),
  };
}
