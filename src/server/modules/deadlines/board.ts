import { sql } from "kysely";
import { addDays, daysBetween, type IsoDate } from "../../../shared/deadline-engine/index.ts";
import {
  GRIEVANT_QUIET_DAYS,
  type TBoardDue,
  type TBoardItem,
  type THeldList,
  type TWorkload,
} from "../../../shared/schemas/deadlines.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, type CursorShape, page } from "../../lib/pagination.ts";
import { clocksByIds } from "../grievances/index.ts";

/** The board's cursor: the last row's (due date, deadline id). */
export const BOARD_CURSOR: CursorShape = { key: "date", id: "uuid" };

/** Who the board shows: a person's cases, nobody's, or everyone's. */
export type AssigneeFilter = { kind: "person"; id: string } | { kind: "unassigned" } | null;

/** A running deadline: open, or marked missed and not yet settled (the partial index 0110). */
const RUNNING = sql<boolean>`d.state IN ('open', 'missed') AND d.closed_on IS NULL`;

/**
 * A money remedy's payment date stays on the board after its grievance is resolved, until it
 * is confirmed (issue 30; the kept counts of migration 0162 count it the same way).
 */
const OPEN_OR_REMEDY = sql<boolean>`(g.status <> 'resolved' OR d.kind = 'remedy')`;

/**
 * The running deadlines of open grievances (and unpaid remedies), walked in (due date, id) order by the partial
 * index of running deadlines; grievances joined by their primary key.
 */
function running(
  trx: TenantTx,
  organizationId: string,
  due: TBoardDue,
  today: IsoDate,
  who: AssigneeFilter,
) {
  let q = trx
    .selectFrom("grievanceDeadlines as d")
    .innerJoin("grievances as g", (j) =>
      j.onRef("g.organizationId", "=", "d.organizationId").onRef("g.id", "=", "d.grievanceId"),
    )
    .where("d.organizationId", "=", organizationId)
    .where(RUNNING)
    .where(OPEN_OR_REMEDY);
  q = q.where((eb) => eb.and(dueRange(due, today).map(([op, day]) => eb("d.dueDate", op, day))));
  if (who?.kind === "person") q = q.where("g.assigneeId", "=", who.id);
  else if (who?.kind === "unassigned") q = q.where("g.assigneeId", "is", null);
  return q;
}

/** The board's groups as bounds on the due date. */
function dueRange(due: TBoardDue, today: IsoDate): ["<" | "=" | ">" | "<=", IsoDate][] {
  if (due === "overdue") return [["<", today]];
  if (due === "today") return [["=", today]];
  if (due === "week")
    return [
      [">", today],
      ["<=", addDays(today, 6)],
    ];
  return [];
}

/**
 * The filter's total from the kept counts (deadline_running_counts, migration 0110): a row
 * per assignee, due day and state instead of every running deadline of the filter.
 */
function boardTotal(
  trx: TenantTx,
  organizationId: string,
  due: TBoardDue,
  today: IsoDate,
  who: AssigneeFilter,
) {
  let q = trx
    .selectFrom("deadlineRunningCounts as c")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("c.n"), sql<string>`0`).as("n"))
    .where("c.organizationId", "=", organizationId);
  q = q.where((eb) => eb.and(dueRange(due, today).map(([op, day]) => eb("c.dueDate", op, day))));
  if (who?.kind === "person") q = q.where("c.assigneeId", "=", who.id);
  else if (who?.kind === "unassigned") q = q.where("c.assigneeId", "=", "");
  return q;
}

export async function boardPage(
  trx: TenantTx,
  a: {
    organizationId: string;
    due: TBoardDue;
    who: AssigneeFilter;
    today: IsoDate;
    now: Date;
    limit: number;
    after: Cursor | null;
    procedure: TProcedure;
  },
): Promise<{ items: TBoardItem[]; nextCursor: string | null; total: number }> {
  const base = running(trx, a.organizationId, a.due, a.today, a.who);
  let q = base
    .leftJoin("users as u", "u.id", "g.assigneeId")
    .select([
      "d.id",
      "d.grievanceId",
      "d.kind",
      "d.stepIndex",
      "d.stepName",
      "d.dueDate",
      "d.state",
      "g.subject",
      "g.assigneeId",
      "u.name as assigneeName",
      "g.grievantUpdatedAt",
    ])
    .orderBy("d.dueDate")
    .orderBy("d.id")
    .limit(a.limit + 1);
  if (a.after) {
    const { key: day, id } = a.after;
    q = q.where(sql<boolean>`(d.due_date, d.id) > (${day}::date, ${id}::uuid)`);
  }
  // The total rides along with the page (one statement); a page past the end reads it alone.
  const total = boardTotal(trx, a.organizationId, a.due, a.today, a.who);
  const rows = await q.select(total.as("total")).execute();
  const counted = rows[0]?.total ?? (await total.executeTakeFirstOrThrow()).n;
  const quietBefore = a.now.getTime() - GRIEVANT_QUIET_DAYS * 86_400_000;
  const { items, nextCursor } = page(rows, a.limit, (r) => ({ key: r.dueDate, id: r.id }));
  // The contact clock of the page's grievances only (issue 34): a page is at most 100 rows.
  const clocks = await clocksByIds(
    trx,
    a.organizationId,
    items.map((r) => r.grievanceId),
    a.procedure,
    a.now,
  );
  return {
    items: items.map((r) => {
      const heard = new Date(r.grievantUpdatedAt);
      return {
        grievanceId: r.grievanceId,
        subject: r.subject,
        kind: r.kind,
        step: { index: r.stepIndex, name: r.stepName },
        dueDate: r.dueDate,
        state: r.state,
        assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName ?? "" } : null,
        daysLeft: daysBetween(a.today, r.dueDate),
        grievantLastUpdatedAt: heard.toISOString(),
        grievantQuiet: heard.getTime() <= quietBefore,
        daysSinceContact: clocks.get(r.grievanceId)?.daysSinceContact ?? null,
        contactOverdue: clocks.get(r.grievanceId)?.overdue ?? false,
      };
    }),
    nextCursor,
    total: Number(counted),
  };
}

/**
 * Per steward and admin: open cases assigned, their running deadlines overdue and due within
 * the week (today and the six days after), and the assigned open case longest unchanged. The
 * counts are read from the kept counts (migration 0110), not from the grievances.
 */
export async function workload(
  trx: TenantTx,
  organizationId: string,
  today: IsoDate,
): Promise<TWorkload> {
  const weekEnd = addDays(today, 6);
  const { rows } = await sql<{
    id: string;
    name: string;
    role: "admin" | "steward";
    openCases: string;
    overdue: string;
    dueThisWeek: string;
    oldestId: string | null;
    oldestSince: Date | null;
  }>`
    SELECT u.id, u.name, m.role,
      coalesce((SELECT o.n FROM grievance_open_counts o
                WHERE o.organization_id = m.organization_id AND o.assignee_id = u.id), 0)
        AS open_cases,
      coalesce((SELECT sum(c.n) FROM deadline_running_counts c
                WHERE c.organization_id = m.organization_id AND c.assignee_id = u.id
                  AND c.due_date < ${today}::date), 0) AS overdue,
      coalesce((SELECT sum(c.n) FROM deadline_running_counts c
                WHERE c.organization_id = m.organization_id AND c.assignee_id = u.id
                  AND c.state = 'open'
                  AND c.due_date BETWEEN ${today}::date AND ${weekEnd}::date), 0) AS due_this_week,
      q.id AS oldest_id, q.updated_at AS oldest_since
    FROM memberships m JOIN users u ON u.id = m.user_id
    LEFT JOIN LATERAL (
      SELECT g.id, g.updated_at FROM grievances g
      WHERE g.organization_id = m.organization_id AND g.assignee_id = u.id
        AND g.status <> 'resolved'
      ORDER BY g.updated_at, g.id LIMIT 1) q ON true
    WHERE m.organization_id = ${organizationId} AND m.role IN ('steward', 'admin')
    ORDER BY u.name, u.id`.execute(trx);
  const unassigned = await trx
    .selectFrom("grievanceOpenCounts")
    .select("n")
    .where("organizationId", "=", organizationId)
    .where("assigneeId", "=", "")
    .executeTakeFirst();
  return {
    stewards: rows.map((r) => ({
      person: { id: r.id, name: r.name },
      role: r.role,
      openCases: Number(r.openCases),
      overdue: Number(r.overdue),
      dueThisWeek: Number(r.dueThisWeek),
      oldestQuiet:
        r.oldestId && r.oldestSince
          ? { grievanceId: r.oldestId, since: new Date(r.oldestSince).toISOString() }
          : null,
    })),
    unassigned: Number(unassigned?.n ?? 0),
  };
}

/**
 * The open grievances on hold, longest held first (issue 30): read by the partial index of
 * held open grievances (migration 0163), which also counts them.
 */
export async function heldCases(
  trx: TenantTx,
  a: { organizationId: string; who: AssigneeFilter; limit: number },
): Promise<THeldList> {
  let q = trx
    .selectFrom("grievances as g")
    .where("g.organizationId", "=", a.organizationId)
    .where("g.heldOn", "is not", null)
    .where("g.status", "<>", "resolved");
  if (a.who?.kind === "person") q = q.where("g.assigneeId", "=", a.who.id);
  else if (a.who?.kind === "unassigned") q = q.where("g.assigneeId", "is", null);
  const rows = await q
    .leftJoin("users as u", "u.id", "g.assigneeId")
    .select([
      "g.id",
      "g.subject",
      "g.stepIndex",
      "g.stepName",
      "g.heldOn",
      "g.holdReason",
      "g.assigneeId",
      "u.name as assigneeName",
    ])
    .orderBy("g.heldOn")
    .orderBy("g.id")
    .limit(a.limit)
    .execute();
  const total =
    rows.length < a.limit
      ? rows.length
      : Number(
          (await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n,
        );
  return {
    items: rows.map((r) => ({
      grievanceId: r.id,
      subject: r.subject,
      step: { index: r.stepIndex, name: r.stepName },
      heldSince: r.heldOn ?? "",
      reason: r.holdReason ?? "",
      assignee: r.assigneeId ? { id: r.assigneeId, name: r.assigneeName ?? "" } : null,
    })),
    total,
  };
}
