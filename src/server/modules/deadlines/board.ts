import { sql } from "kysely";
import { addDays, daysBetween, type IsoDate } from "../../../shared/procedure/index.ts";
import {
  GRIEVANT_QUIET_DAYS,
  type TBoardDue,
  type TBoardItem,
  type TWorkload,
} from "../../../shared/schemas/deadlines.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, type CursorShape, page } from "../../lib/pagination.ts";

/** The board's cursor: the last row's (due date, deadline id). */
export const BOARD_CURSOR: CursorShape = { key: "date", id: "uuid" };

/** Who the board shows: a person's cases, nobody's, or everyone's. */
export type AssigneeFilter = { kind: "person"; id: string } | { kind: "unassigned" } | null;

/**
 * The running deadlines of open grievances (open, or marked missed and not yet settled), by
 * the index (organization_id, state, due_date); grievances joined by their primary key.
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
    .where("d.state", "in", ["open", "missed"])
    .where("d.closedOn", "is", null)
    .where("g.status", "<>", "resolved");
  if (due === "overdue") q = q.where("d.dueDate", "<", today);
  else if (due === "today") q = q.where("d.dueDate", "=", today);
  else if (due === "week")
    q = q.where("d.dueDate", ">", today).where("d.dueDate", "<=", addDays(today, 6));
  if (who?.kind === "person") q = q.where("g.assigneeId", "=", who.id);
  else if (who?.kind === "unassigned") q = q.where("g.assigneeId", "is", null);
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
  const [rows, count] = await Promise.all([
    q.execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const quietBefore = a.now.getTime() - GRIEVANT_QUIET_DAYS * 86_400_000;
  const { items, nextCursor } = page(rows, a.limit, (r) => ({ key: r.dueDate, id: r.id }));
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
      };
    }),
    nextCursor,
    total: Number(count.n),
  };
}

/**
 * Per steward and admin: open cases assigned, their running deadlines overdue and due within
 * the week (today and the six days after), and the assigned open case longest unchanged.
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
      (SELECT count(*) FROM grievances g WHERE g.organization_id = m.organization_id
         AND g.assignee_id = u.id AND g.status <> 'resolved') AS open_cases,
      (SELECT count(*) FROM grievance_deadlines d JOIN grievances g
         ON g.organization_id = d.organization_id AND g.id = d.grievance_id
       WHERE d.organization_id = m.organization_id AND d.state IN ('open', 'missed')
         AND d.closed_on IS NULL AND g.assignee_id = u.id AND g.status <> 'resolved'
         AND d.due_date < ${today}::date) AS overdue,
      (SELECT count(*) FROM grievance_deadlines d JOIN grievances g
         ON g.organization_id = d.organization_id AND g.id = d.grievance_id
       WHERE d.organization_id = m.organization_id AND d.state = 'open'
         AND d.closed_on IS NULL AND g.assignee_id = u.id AND g.status <> 'resolved'
         AND d.due_date BETWEEN ${today}::date AND ${weekEnd}::date) AS due_this_week,
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
    .selectFrom("grievances")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organizationId", "=", organizationId)
    .where("assigneeId", "is", null)
    .where("status", "<>", "resolved")
    .executeTakeFirstOrThrow();
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
    unassigned: Number(unassigned.n),
  };
}
