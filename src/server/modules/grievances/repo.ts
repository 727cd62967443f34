import { type ExpressionBuilder, sql } from "kysely";
import type { Database, GrievanceStatus } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";

/** Who may see which grievances: all of them, or the ones the person filed (DECISIONS.md 13). */
export interface Visibility {
  organizationId: string;
  userId: string;
  seesAll: boolean;
}

export interface ListFilter {
  status?: GrievanceStatus;
  q?: string;
}

type GrievanceEb = ExpressionBuilder<Database, "grievances">;

function scope(eb: GrievanceEb, v: Visibility, filter: ListFilter) {
  const conditions = [eb("grievances.organizationId", "=", v.organizationId)];
  if (!v.seesAll) conditions.push(eb("grievances.submittedBy", "=", v.userId));
  if (filter.status) conditions.push(eb("grievances.status", "=", filter.status));
  return eb.and(conditions);
}

/**
 * Where a query reads grievances: the table, or under a search the organization's matches
 * from `grievance_search()` (migration 0011: the only way the trigram index is used under
 * row-level security). The function returns the table's row type and is aliased to its name,
 * so the rest of a query reads the same either way; the cast tells Kysely just that.
 */
function grievancesOf(trx: TenantTx, filter: ListFilter) {
  if (!filter.q) return trx.selectFrom("grievances");
  const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return trx.selectFrom(sql`grievance_search(${like})`.as("grievances") as unknown as "grievances");
}

/** The next G-{year}-{NNNN} of this organization; the row lock makes concurrent filings wait. */
export async function nextGrievanceId(
  trx: TenantTx,
  organizationId: string,
  year: number,
): Promise<string> {
  const row = await trx
    .insertInto("grievanceCounters")
    .values({ organizationId, year, lastNumber: 1 })
    .onConflict((oc) =>
      oc
        .columns(["organizationId", "year"])
        .doUpdateSet({ lastNumber: sql`grievance_counters.last_number + 1` }),
    )
    .returning("lastNumber")
    .executeTakeFirstOrThrow();
  return `G-${year}-${String(row.lastNumber).padStart(4, "0")}`;
}

const SUMMARY = [
  "grievances.id",
  "grievances.name",
  "grievances.badgeNumber",
  "grievances.jobTitle",
  "grievances.department",
  "grievances.location",
  "grievances.status",
  "grievances.filedAt",
] as const;

/**
 * One page, newest first, keyset on (filed_at, id): page N costs what page 1 costs. With the
 * total of all matches: a search's first page counts them in the same pass (the search is
 * the expensive part); otherwise `countGrievances`.
 */
export async function listGrievances(
  trx: TenantTx,
  v: Visibility,
  filter: ListFilter,
  page: { limit: number; after?: { filedAt: string; id: string } },
) {
  const countAlong = Boolean(filter.q) && !page.after;
  let query = grievancesOf(trx, filter)
    .select(SUMMARY)
    .select(
      countAlong ? sql<string>`count(*) OVER ()`.as("matches") : sql<null>`NULL`.as("matches"),
    )
    .where((eb) => scope(eb, v, filter));
  if (page.after) {
    const { filedAt, id } = page.after;
    query = query.where(
      sql<boolean>`(grievances.filed_at, grievances.id) < (${filedAt}::timestamptz, ${id})`,
    );
  }
  const rows = await query
    .orderBy("grievances.filedAt", "desc")
    .orderBy("grievances.id", "desc")
    .limit(page.limit + 1)
    .execute();
  const total = countAlong ? Number(rows[0]?.matches ?? 0) : await countGrievances(trx, v, filter);
  return { rows: rows.map(({ matches: _, ...row }) => row), total };
}

/** How many match: from the kept counts when no search narrows what a steward sees. */
async function countGrievances(trx: TenantTx, v: Visibility, filter: ListFilter): Promise<number> {
  if (v.seesAll && !filter.q) {
    const counts = await keptCounts(trx, v.organizationId);
    return filter.status ? counts[filter.status] : counts.total;
  }
  const row = await grievancesOf(trx, filter)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where((eb) => scope(eb, v, filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organization's grievances per status, kept by the database (migration 0010). */
async function keptCounts(trx: TenantTx, organizationId: string) {
  const { rows } = await sql<Record<GrievanceStatus, number>>`
    SELECT new_count AS new, pending_count AS pending, escalated_count AS escalated,
           resolved_count AS resolved
    FROM grievance_status_counts WHERE organization_id = ${organizationId}`.execute(trx);
  const c = rows[0] ?? { new: 0, pending: 0, escalated: 0, resolved: 0 };
  return { ...c, total: c.new + c.pending + c.escalated + c.resolved };
}

/** Every matching row, newest first, for the CSV export (streamed by the caller in batches). */
export function exportRows(trx: TenantTx, v: Visibility, filter: ListFilter) {
  return grievancesOf(trx, filter)
    .select([...SUMMARY, "grievances.description", "grievances.remedy"])
    .where((eb) => scope(eb, v, filter))
    .orderBy("grievances.filedAt", "desc")
    .orderBy("grievances.id", "desc")
    .limit(100_000)
    .execute();
}

export function findVisible(trx: TenantTx, v: Visibility, id: string) {
  return trx
    .selectFrom("grievances")
    .selectAll()
    .where((eb) => scope(eb, v, {}))
    .where("grievances.id", "=", id)
    .executeTakeFirst();
}

/**
 * The dashboard's four numbers. Stewards and admins see every grievance: the database keeps
 * those counts. A member's own grievances are few: counted here.
 */
export async function statusCounts(trx: TenantTx, v: Visibility) {
  if (v.seesAll) return keptCounts(trx, v.organizationId);
  const row = await trx
    .selectFrom("grievances")
    .select([
      sql<string>`count(*)`.as("total"),
      sql<string>`count(*) FILTER (WHERE status = 'resolved')`.as("resolved"),
      sql<string>`count(*) FILTER (WHERE status = 'pending')`.as("pending"),
      sql<string>`count(*) FILTER (WHERE status = 'escalated')`.as("escalated"),
    ])
    .where((eb) => scope(eb, v, {}))
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    resolved: Number(row.resolved),
    pending: Number(row.pending),
    escalated: Number(row.escalated),
  };
}

/** The latest log entries of grievances the person may see. */
export function recentEvents(trx: TenantTx, v: Visibility, limit: number) {
  let query = trx
    .selectFrom("grievanceEvents as e")
    .select(["e.id", "e.grievanceId", "e.actorName", "e.kind", "e.status", "e.text", "e.createdAt"])
    .where("e.organizationId", "=", v.organizationId);
  if (!v.seesAll) {
    query = query.where("e.grievanceId", "in", (eb) =>
      eb
        .selectFrom("grievances")
        .select("grievances.id")
        .where("grievances.organizationId", "=", v.organizationId)
        .where("grievances.submittedBy", "=", v.userId),
    );
  }
  return query.orderBy("e.createdAt", "desc").orderBy("e.id", "desc").limit(limit).execute();
}
