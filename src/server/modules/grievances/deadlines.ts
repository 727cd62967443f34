import {
  computeDueDate,
  daysBetween,
  type IsoDate,
  type Limit,
  shortDay,
  type WorkCalendar,
} from "../../../shared/deadline-engine/index.ts";
import { line, type TextLine, type TLineSubject } from "../../../shared/i18n/text-lines.ts";
import type { TDeadline, TNextDeadline } from "../../../shared/schemas/grievances.ts";
import type { DeadlineChange, DeadlineKind, DeadlineState } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { apiLines } from "../../lib/i18n/index.ts";

/** A deadline row as the module reads it. */
export interface DeadlineRow {
  id: string;
  grievanceId: string;
  stepIndex: number;
  stepName: string;
  kind: DeadlineKind;
  dueDate: string;
  state: DeadlineState;
  extendedFrom: string | null;
  explanation: TextLine[];
  dayType: "calendar" | "business";
  history: DeadlineChange[];
  closedOn: string | null;
}

export const DEADLINE_COLUMNS = [
  "id",
  "grievanceId",
  "stepIndex",
  "stepName",
  "kind",
  "dueDate",
  "state",
  "extendedFrom",
  "explanation",
  "dayType",
  "history",
  "closedOn",
] as const;

/** What a list row's running deadline needs (`nextDeadlineOf`, and whether it is closed). */
export const NEXT_DEADLINE_COLUMNS = [
  "id",
  "stepIndex",
  "stepName",
  "kind",
  "dueDate",
  "state",
  "closedOn",
] as const satisfies readonly (typeof DEADLINE_COLUMNS)[number][];
export type NextDeadlineRow = Pick<DeadlineRow, (typeof NEXT_DEADLINE_COLUMNS)[number]>;

/** What a deadline is about, as a line's parameter ('the employer's answer at Step 1'). */
export function deadlineSubject(
  d: Pick<DeadlineRow, "kind" | "stepIndex" | "stepName">,
): TLineSubject {
  const step = { index: d.stepIndex, name: d.stepName };
  if (d.kind === "response" || d.kind === "appeal") return { kind: d.kind, step };
  return d.kind === "remedy" ? { kind: "payment" } : { kind: "filing" };
}

/**
 * Computes and stores a deadline, with the rule it was computed by copied in (limit, day type,
 * time zone): a procedure changed later never rewrites it (product-decisions.md 27).
 */
export async function openDeadline(
  trx: TenantTx,
  a: {
    organizationId: string;
    grievanceId: string;
    stepIndex: number;
    stepName: string;
    kind: DeadlineKind;
    from: IsoDate;
    fromLabel: Parameters<typeof computeDueDate>[0]["fromLabel"];
    heading: Parameters<typeof computeDueDate>[0]["heading"];
    limit: Limit;
    calendar: WorkCalendar;
    timeZone: string;
  },
): Promise<DeadlineRow> {
  const computed = computeDueDate({
    from: a.from,
    fromLabel: a.fromLabel,
    heading: a.heading,
    limit: a.limit,
    calendar: a.calendar,
  });
  return trx
    .insertInto("grievanceDeadlines")
    .values({
      organizationId: a.organizationId,
      grievanceId: a.grievanceId,
      stepIndex: a.stepIndex,
      stepName: a.stepName,
      kind: a.kind,
      dueDate: computed.dueDate,
      explanation: JSON.stringify(computed.explanation),
      limitDays: a.limit.days,
      dayType: a.limit.dayType,
      timeZone: a.timeZone,
    })
    .returning(DEADLINE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The filing limit checked against the incident date: met, or missed with how late. */
export function filingVerdict(dueDate: IsoDate, filedOn: IsoDate) {
  const late = daysBetween(dueDate, filedOn);
  return late > 0
    ? {
        state: "missed" as const,
        late,
        line: line("line.filedLate", { day: filedOn, days: late }),
      }
    : { state: "met" as const, late, line: line("line.filedInTime", { day: filedOn }) };
}

/** A deadline an action is about to change, locked against the missed-deadline job. */
export function findDeadline(trx: TenantTx, organizationId: string, id: string) {
  return trx
    .selectFrom("grievanceDeadlines")
    .select(DEADLINE_COLUMNS)
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Settles the running deadline on `on`: met when in time, missed when late or already marked
 * missed; `line` says what settled it. Returns the row as it was.
 */
export async function closeDeadline(
  trx: TenantTx,
  organizationId: string,
  d: DeadlineRow,
  on: IsoDate,
  why: TextLine,
  settled?: DeadlineState,
) {
  const state: DeadlineState =
    settled ?? (d.state === "missed" || on > d.dueDate ? "missed" : "met");
  await trx
    .updateTable("grievanceDeadlines")
    .set({ state, closedOn: on, explanation: JSON.stringify([...d.explanation, why]) })
    .where("organizationId", "=", organizationId)
    .where("id", "=", d.id)
    .execute();
  return { ...d, state };
}

/** Keeps the grievance's copy of its running deadline (what the tracker sorts and filters by). */
export async function setNextDeadline(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  d: Pick<DeadlineRow, "id" | "dueDate"> | null,
  extra: Record<string, unknown> = {},
) {
  await trx
    .updateTable("grievances")
    .set({
      nextDeadlineId: d?.id ?? null,
      nextDueDate: d?.dueDate ?? null,
      updatedAt: new Date(),
      ...extra,
    })
    .where("organizationId", "=", organizationId)
    .where("id", "=", grievanceId)
    .execute();
}

export const toDeadline = (d: DeadlineRow): TDeadline => ({
  id: d.id,
  kind: d.kind,
  step: { index: d.stepIndex, name: d.stepName },
  dueDate: d.dueDate,
  state: d.state,
  extendedFrom: d.extendedFrom,
  ...apiLines(d.explanation),
  closedOn: d.closedOn,
});

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * The running deadline in plain words, for the grievant as for the tracker ('Waiting for the
 * employer's answer, due Tue 8 Dec'; product-decisions.md 28).
 */
export function nextDeadlineOf(d: NextDeadlineRow, today: IsoDate): TNextDeadline {
  const overdue = d.state !== "paused" ? Math.max(0, daysBetween(d.dueDate, today)) : 0;
  const day = shortDay(d.dueDate);
  let summary: string;
  if (d.state === "paused") {
    summary = `On hold: the date of ${day} moves when the grievance resumes`;
  } else if (d.kind === "response") {
    summary =
      overdue > 0
        ? `The employer's answer was due ${day}: ${days(overdue)} late`
        : `Waiting for the employer's answer, due ${day}`;
  } else if (d.kind === "appeal") {
    summary =
      overdue > 0
        ? `The appeal to the next step was due ${day}: ${days(overdue)} ago`
        : `The union can appeal to the next step until ${day}`;
  } else {
    summary = `Filing limit ${day}`;
  }
  return {
    id: d.id,
    kind: d.kind,
    step: { index: d.stepIndex, name: d.stepName },
    dueDate: d.dueDate,
    state: d.state,
    daysOverdue: overdue,
    summary,
  };
}
