import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import { addDays } from "../../../shared/deadline-engine/index.ts";
import { INTERNAL_KINDS, type TListSort } from "../../../shared/schemas/grievances.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/schemas/procedure.ts";
import { CompiledOnce } from "../../db/compiled-once.ts";
import type { Database, GrievanceStatus, GrievanceType } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, type CursorShape, timestampSortKey } from "../../lib/pagination.ts";
import { NEXT_DEADLINE_COLUMNS, type NextDeadlineRow } from "./deadlines.ts";

/** Who may see which grievances: all of them, or the ones the person filed (product-decisions.md 13). */
export interface Visibility {
  organizationId: string;
  userId: string;
  seesAll: boolean;
}

export interface ListFilter {
  status?: GrievanceStatus;
  type?: GrievanceType;
  q?: string;
  /** Only the grievances assigned to the viewer. */
  assignee?: "me";
  /** By the running deadline's date, against `today` (the organization's own day). */
  due?: "overdue" | "week";
  today?: string;
}

type GrievanceEb = ExpressionBuilder<Database, "grievances">;

/** The running deadline's date, none last: the expression of `grievances_next_due_idx`. */
const NEXT_DUE = sql`coalesce(grievances.next_due_date, 'infinity'::date)`;

function scope(eb: GrievanceEb, v: Visibility, filter: ListFilter) {
  const conditions: Expression<SqlBool>[] = [
    eb("grievances.organizationId", "=", v.organizationId),
  ];
  if (!v.seesAll) conditions.push(grievantOf(eb, v));
  if (filter.status) conditions.push(eb("grievances.status", "=", filter.status));
  if (filter.type) conditions.push(eb("grievances.type", "=", filter.type));
  if (filter.assignee === "me") conditions.push(eb("grievances.assigneeId", "=", v.userId));
  if (filter.due && filter.today) {
    conditions.push(
      filter.due === "overdue"
        ? sql<boolean>`${NEXT_DUE} < ${filter.today}::date`
        : sql<boolean>`${NEXT_DUE} BETWEEN ${filter.today}::date AND ${addDays(filter.today, 6)}::date`,
    );
  }
  return eb.and(conditions);
}

/**
 * A member's own grievances (product-decisions.md 13 and 31): those they filed, and the group
 * grievances they are a grievant of.
 */
function grievantOf(eb: GrievanceEb, v: Visibility) {
  return eb.or([
    eb("grievances.submittedBy", "=", v.userId),
    eb.exists(
      eb
        .selectFrom("grievanceGrievants as gg")
        .select("gg.userId")
        .whereRef("gg.organizationId", "=", "grievances.organizationId")
        .whereRef("gg.grievanceId", "=", "grievances.id")
        .where("gg.userId", "=", v.userId),
    ),
  ]);
}

/** The list's orders, each a keyset on (key, id) with an index that starts (organization_id, key). */
const SORTS: Record<
  TListSort,
  {
    key: RawBuilder<unknown> | null;
    cast: string;
    desc: boolean;
    /** The row's sort key in its cursor; the filing time as PostgreSQL's microsecond text. */
    of(row: Row): string | null;
    cursor: CursorShape;
  }
> = {
  filed: {
    key: sql`grievances.filed_at`,
    cast: "timestamptz",
    desc: true,
    of: (r) => r.filedKey,
    cursor: { key: "timestamp", id: "text" },
  },
  deadline: {
    key: NEXT_DUE,
    cast: "date",
    desc: false,
    of: (r) => r.nextDueDate ?? "infinity",
    cursor: { key: "date", id: "text" },
  },
  id: { key: null, cast: "text", desc: false, of: () => null, cursor: { key: "none", id: "text" } },
  subject: {
    key: sql`grievances.subject`,
    cast: "text",
    desc: false,
    of: (r) => r.subject,
    cursor: { key: "text", id: "text" },
  },
  status: {
    key: sql`grievances.status`,
    cast: "text",
    desc: false,
    of: (r) => r.status,
    cursor: { key: "text", id: "text" },
  },
};

export interface Order {
  sort: TListSort;
  /** Reverses the sort's own direction. */
  order?: "asc" | "desc";
}

const isDesc = (o: Order) => (o.order ? o.order === "desc" : SORTS[o.sort].desc);

/** The cursor after `row` in this order: its key and id. */
export const cursorOf = (o: Order, row: Row): Cursor => ({
  key: SORTS[o.sort].of(row),
  id: row.id,
});

/** What a cursor of this order must hold (checked before it reaches SQL). */
export const cursorShape = (o: Order): CursorShape => SORTS[o.sort].cursor;

/**
 * Where a query reads grievances: the table, or under a search the organization's matches
 * from `grievance_search()` (db/functions.sql: the only way the trigram index is used under
 * row-level security). The function returns the table's row type and is aliased to its name,
 * so the rest of a query reads the same either way; the cast tells Kysely just that.
 */
function grievancesOf(trx: TenantTx, filter: ListFilter) {
  if (!filter.q) return trx.selectFrom("grievances");
  return trx.selectFrom(
    sql`grievance_search(${likePattern(filter.q)})`.as("grievances") as unknown as "grievances",
  );
}

/** A search's total is counted up to this; past it the list says '1,000+' (migration 0040). */
export const SEARCH_COUNT_CAP = 1000;

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  "grievances.subject",
  "grievances.stepIndex",
  "grievances.stepName",
  "grievances.heldOn",
  "grievances.assigneeId",
  "grievances.nextDeadlineId",
  "grievances.nextDueDate",
  "grievances.type",
] as const;

/** The filing time as the cursor's key: a Date would drop its microseconds. */
const FILED_KEY = timestampSortKey("grievances.filed_at").as("filedKey");

interface Row {
  id: string;
  filedAt: Date | string;
  filedKey: string;
  subject: string;
  status: GrievanceStatus;
  nextDueDate: string | null;
}

/**
 * One page in the chosen order (newest first by default), keyset on (key, id): page N costs
 * what page 1 costs. A search in the default order (the tracker's search box) goes through
 * `searchGrievances`: its total is capped and its page never builds all matches. A search
 * sorted or filtered otherwise counts its matches exactly in the same pass. Also answers the
 * organization's time zone (its procedure's), for the deadlines' today.
 */
export async function listGrievances(
  trx: TenantTx,
  v: Visibility,
  filter: ListFilter,
  page: { limit: number; order: Order; after: Cursor | null },
) {
  const newestFirst = page.order.sort === "filed" && isDesc(page.order);
  if (filter.q && newestFirst && !filter.assignee && !filter.due) {
    return searchGrievances(trx, v, { ...filter, q: filter.q }, page);
  }
  const countAlong = Boolean(filter.q) && !page.after;
  const rows =
    filter.q || filter.due
      ? await pageQuery(trx, v, filter, page, page.limit + 1, countAlong).execute()
      : await plainPages.execute(
          trx,
          {
            order: page.order,
            seesAll: v.seesAll,
            status: filter.status,
            type: filter.type,
            assignee: filter.assignee,
            fetch: page.limit + 1,
          },
          {
            organizationId: v.organizationId,
            userId: v.userId,
            afterKey: page.after?.key,
            afterId: page.after?.id,
          },
        );
  const first = rows[0];
  let total: number;
  if (first) total = Number(countAlong ? first.matches : first.total);
  else total = countAlong ? 0 : await countGrievances(trx, v, filter);
  return {
    rows,
    total,
    totalIsCapped: false,
    timeZone: first?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

function pageSize(fetch: number): number {
  if (!Number.isSafeInteger(fetch) || fetch < 1 || fetch > 1000)
    throw new Error("a page size out of range");
  return fetch;
}

/** One page's statement in the chosen order, keyset on (key, id), with its decorations. */
function pageQuery(
  trx: TenantTx,
  v: Visibility,
  filter: ListFilter,
  page: { order: Order; after: Cursor | null },
  fetch: number,
  countAlong: boolean,
) {
  const sort = SORTS[page.order.sort];
  const desc = isDesc(page.order);
  let query = grievancesOf(trx, filter)
    .select(SUMMARY)
    .select(FILED_KEY)
    .select(
      countAlong ? sql<string>`count(*) OVER ()`.as("matches") : sql<null>`NULL`.as("matches"),
    )
    .where((eb) => scope(eb, v, filter));
  if (page.after) {
    const { key, id } = page.after;
    const op = sql.raw(desc ? "<" : ">");
    query = query.where(
      sort.key
        ? sql<boolean>`(${sort.key}, grievances.id) ${op} (${key}::${sql.raw(sort.cast)}, ${id})`
        : sql<boolean>`grievances.id ${op} ${id}`,
    );
  }
  const direction = desc ? "desc" : "asc";
  const ordered = <Q extends OrderableQuery>(q: Q) =>
    (sort.key ? q.orderBy(sort.key, direction) : q).orderBy(sql`grievances.id`, direction) as Q;
  return decorated(
    trx,
    v.organizationId,
    // Written into the text (an integer of the code's): a LIMIT given as a parameter keeps
    // PostgreSQL from settling on a generic plan for the kept statement (CompiledOnce).
    ordered(query).limit(sql.lit(pageSize(fetch))),
    countAlong ? null : countOf(trx, v, filter),
    ordered,
  );
}

/**
 * The list without a search or a due filter (the tracker's pages, issue 35): its statement is
 * built and compiled once per order and filter, then run with each page's values.
 */
const plainPages = new CompiledOnce(
  (
    trx: TenantTx,
    shape: Pick<ListFilter, "status" | "type" | "assignee"> & {
      order: Order;
      seesAll: boolean;
      fetch: number;
    },
    values: {
      organizationId: string;
      userId: string;
      afterKey: string | null | undefined;
      afterId: string | undefined;
    },
  ) => {
    const { order, seesAll, fetch, ...filter } = shape;
    const { organizationId, userId, afterKey, afterId } = values;
    const after = afterId === undefined ? null : { key: afterKey ?? null, id: afterId };
    return pageQuery(
      trx,
      { organizationId, userId, seesAll },
      filter,
      { order, after },
      fetch,
      false,
    );
  },
);

/**
 * A search, newest first: the newest matches and a count up to the cap
 * (`grievance_search_page`, `grievance_search_count`: their live bodies in db/functions.sql).
 */
async function searchGrievances(
  trx: TenantTx,
  v: Visibility,
  filter: ListFilter & { q: string },
  page: { limit: number; after: Cursor | null },
) {
  const pattern = likePattern(filter.q);
  const submitter = v.seesAll ? null : v.userId;
  const status = filter.status ?? null;
  const type = filter.type ?? null;
  const { key: afterFiled, id: afterId } = page.after ?? { key: null, id: null };
  // Counting one past the cap tells 'exactly 1,000' from '1,000+'.
  const counted = await sql<{ n: number }>`
    SELECT grievance_search_count(${pattern}, ${submitter}, ${status}, ${type}, ${SEARCH_COUNT_CAP + 1}) AS n`
    .execute(trx)
    .then((r) => r.rows[0]?.n ?? 0);
  const fewMatches = counted <= SEARCH_COUNT_CAP;
  const newest = <Q extends OrderableQuery>(q: Q) =>
    q.orderBy(sql`grievances.filed_at`, "desc").orderBy(sql`grievances.id`, "desc") as Q;
  const query = trx
    .selectFrom(
      sql`grievance_search_page(${pattern}, ${submitter}, ${status}, ${type}, ${afterFiled}::timestamptz, ${afterId}, ${page.limit + 1}, ${fewMatches})`.as(
        "grievances",
      ) as unknown as "grievances",
    )
    .select(SUMMARY)
    .select(FILED_KEY);
  const rows = await decorated(trx, v.organizationId, newest(query), null, newest).execute();
  return {
    rows,
    total: Math.min(counted, SEARCH_COUNT_CAP),
    totalIsCapped: !fewMatches,
    timeZone: rows[0]?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any select query of any tables can be ordered
type OrderableQuery = SelectQueryBuilder<any, any, any>;

/**
 * A page and what its rows show besides their own columns, in one statement (issue 15: at ten
 * connections every round trip counts). The page keeps its ORDER BY and LIMIT as a subquery
 * named `grievances`, so the assignee, the running deadline and a group's grievant count are
 * read by key for its rows only; `reorder` repeats the order outside. Each row also carries
 * the organization's time zone and, when given, the total.
 */
function decorated<P>(
  trx: TenantTx,
  organizationId: string,
  pageQuery: SelectQueryBuilder<Database, "grievances", P>,
  total: Expression<unknown> | null,
  reorder: <Q extends OrderableQuery>(q: Q) => Q,
) {
  const query = trx
    .selectFrom(pageQuery.as("grievances"))
    .selectAll("grievances")
    .select((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom("users")
          .select(["users.id", "users.name"])
          .whereRef("users.id", "=", sql.ref("grievances.assigneeId")),
      ).as("assignee"),
      jsonObjectFrom(
        eb
          .selectFrom("grievanceDeadlines as d")
          // Only what the row shows: the explanation and history are the case page's.
          .select(NEXT_DEADLINE_COLUMNS.map((c) => `d.${c}` as const))
          .where("d.organizationId", "=", organizationId)
          .whereRef("d.id", "=", sql.ref("grievances.nextDeadlineId")),
      ).as("deadline"),
      sql<number>`CASE WHEN grievances.type = 'group' THEN (
        SELECT count(*)::int FROM grievance_grievants gg
        WHERE gg.organization_id = ${organizationId} AND gg.grievance_id = grievances.id) ELSE 0 END`.as(
        "groupGrievants",
      ),
      sql<string | null>`(SELECT time_zone FROM grievance_procedures
        WHERE organization_id = ${organizationId})`.as("timeZone"),
      sql<unknown>`${total ?? sql`NULL`}`.as("total"),
    ]);
  return reorder(query) as unknown as SelectQueryBuilder<
    Database,
    "grievances",
    P & {
      assignee: { id: string; name: string } | null;
      deadline: NextDeadlineRow | null;
      groupGrievants: number;
      timeZone: string | null;
      total: unknown;
    }
  >;
}

/** The organizations' kept count of each status (migration 0010). */
const KEPT_COUNT: Record<GrievanceStatus, RawBuilder<number>> = {
  new: sql.ref("new_count"),
  pending: sql.ref("pending_count"),
  escalated: sql.ref("escalated_count"),
  resolved: sql.ref("resolved_count"),
};

/**
 * How many match, as an expression a statement can carry: the kept counts when no search or
 * filter but the status narrows what a steward sees, a count of the matches otherwise.
 */
function countOf(trx: TenantTx, v: Visibility, filter: ListFilter): RawBuilder<number> {
  const onlyDue = !filter.q && !filter.assignee && !filter.type && !filter.status;
  if (v.seesAll && onlyDue && filter.due && filter.today) {
    // The counts per due day (migration 0085): counting 250,000 overdue grievances at a
    // million took over a second and timed out at 10 connections (issue 28).
    const range =
      filter.due === "overdue"
        ? sql`due_date < ${filter.today}::date`
        : sql`due_date BETWEEN ${filter.today}::date AND ${addDays(filter.today, 6)}::date`;
    return sql<number>`coalesce((SELECT sum(n) FROM grievance_due_counts
      WHERE organization_id = ${v.organizationId} AND ${range}), 0)`;
  }
  if (v.seesAll && !filter.q && !filter.assignee && !filter.due && !filter.type) {
    const kept = filter.status
      ? KEPT_COUNT[filter.status]
      : sql`new_count + pending_count + escalated_count + resolved_count`;
    return sql<number>`coalesce((SELECT ${kept} FROM grievance_status_counts
      WHERE organization_id = ${v.organizationId}), 0)`;
  }
  const matches = grievancesOf(trx, filter)
    .select((eb) => eb.fn.countAll().as("n"))
    .where((eb) => scope(eb, v, filter));
  return sql<number>`(${matches})`;
}

async function countGrievances(trx: TenantTx, v: Visibility, filter: ListFilter): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT ${countOf(trx, v, filter)} AS n`.execute(trx);
  return Number(rows[0]?.n ?? 0);
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

/** Which of these grievance ids the viewer may see (a grievant's view of related links). */
export async function visibleIds(trx: TenantTx, v: Visibility, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom("grievances")
    .select("grievances.id")
    .where((eb) => scope(eb, v, {}))
    .where("grievances.id", "in", ids)
    .execute();
  const seen = new Set(rows.map((r) => r.id));
  return ids.filter((id) => seen.has(id));
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

/**
 * Stewards' and admins' deadline numbers: grievances whose running deadline has passed, and
 * those due today or in the next six days. Summed from the counts per due day the database
 * keeps (migration 0085): a row per day, however many grievances are late.
 */
export async function dueCounts(trx: TenantTx, organizationId: string, today: string) {
  const row = await trx
    .selectFrom("grievanceDueCounts")
    .select([
      sql<string>`coalesce(sum(n) FILTER (WHERE due_date < ${today}::date), 0)`.as("overdue"),
      sql<string>`coalesce(sum(n) FILTER (WHERE due_date >= ${today}::date), 0)`.as("week"),
    ])
    .where("organizationId", "=", organizationId)
    .where("dueDate", "<=", addDays(today, 6))
    .executeTakeFirstOrThrow();
  return { overdue: Number(row.overdue), dueThisWeek: Number(row.week) };
}

/** The latest log entries of grievances the person may see (a grievant: no internal notes). */
export function recentEvents(trx: TenantTx, v: Visibility, limit: number) {
  let query = trx
    .selectFrom("grievanceEvents as e")
    .select([
      "e.id",
      "e.grievanceId",
      "e.actorName",
      "e.actorRole",
      "e.kind",
      "e.status",
      "e.text",
      "e.line",
      "e.createdAt",
    ])
    .where("e.organizationId", "=", v.organizationId);
  if (!v.seesAll) {
    query = query.where("e.kind", "not in", INTERNAL_KINDS).where("e.grievanceId", "in", (eb) =>
      eb
        .selectFrom("grievances")
        .select("grievances.id")
        .where("grievances.organizationId", "=", v.organizationId)
        .where((g) => grievantOf(g, v)),
    );
  }
  return query.orderBy("e.createdAt", "desc").orderBy("e.id", "desc").limit(limit).execute();
}
