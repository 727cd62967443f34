import { sql } from "kysely";
import {
  computeDueDate,
  daysBetween,
  type IsoDate,
  isBusinessDay,
  nextBusinessDay,
  shiftForHold,
} from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import {
  canMoveTo,
  type TAnswerCorrection,
  type TAppealInput,
  type TAssignInput,
  type TExtensionInput,
  type THoldInput,
  type TResponseInput,
  type TResumeInput,
  type TStatusChange,
} from "../../../shared/schemas/grievances.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { act, type Locked } from "./act.ts";
import {
  closeDeadline,
  DEADLINE_COLUMNS,
  deadlineSubject,
  findDeadline,
  openDeadline,
  setNextDeadline,
} from "./deadlines.ts";
import { type ActionContext, conflict, runningDeadline } from "./lock.ts";

/** A typed note goes with the line when there is one. */
const withNote = (note?: string) => (note ? { note } : {});

function mustBeOpen(g: Locked, what: string) {
  if (g.status === "resolved") throw conflict(`A resolved grievance cannot ${what}.`);
  if (g.heldOn) throw conflict(`The grievance is on hold: resume it before it can ${what}.`);
}

const notLater = (field: string, day: IsoDate, today: IsoDate, message: string) => {
  if (day > today) throw new AppError(400, "VALIDATION_FAILED", message, { [field]: message });
};

/**
 * A date that contradicts the case's own timeline (issue 30): 400, and the message names the
 * day it conflicts with (`{{date}}`, written in the reader's language).
 */
export const dateConflict = (field: string, message: string, date: IsoDate) =>
  new AppError(400, "VALIDATION_FAILED", message, { [field]: message }, { date });

export const ANSWER_BEFORE_STEP =
  "The answer cannot be received before {{date}}, the day this step began.";
export const EXTENSION_DAY_OFF =
  "{{date}} is not a business day: the next one is {{next}}. Choose it, or keep the day agreed.";
const EXTENSION_IN_PAST = "The new date cannot be before today, {{date}}.";
const EXTENSION_NOT_AFTER = "The new date must be after {{date}}, the current due date.";

/**
 * The day the current step began, in the organization's time zone: the filing day at the first
 * step; later, the day of the appeal, which settled the previous step's running deadline on
 * that day (else the log's last `appeal` entry).
 */
export async function stepBegan(
  trx: TenantTx,
  organizationId: string,
  g: { id: string; stepIndex: number },
  timeZone: string,
): Promise<IsoDate> {
  const day = (at: string) =>
    sql<string>`to_char(${sql.ref(at)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  if (g.stepIndex > 0) {
    const settled = await trx
      .selectFrom("grievanceDeadlines")
      .select(sql<string | null>`to_char(max(closed_on), 'YYYY-MM-DD')`.as("day"))
      .where("organizationId", "=", organizationId)
      .where("grievanceId", "=", g.id)
      .where("stepIndex", "=", g.stepIndex - 1)
      .executeTakeFirst();
    if (settled?.day) return settled.day;
    const appealed = await trx
      .selectFrom("grievanceEvents")
      .select(day("createdAt").as("day"))
      .where("organizationId", "=", organizationId)
      .where("grievanceId", "=", g.id)
      .where("kind", "=", "appeal")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst();
    if (appealed) return appealed.day;
  }
  const filed = await trx
    .selectFrom("grievances")
    .select(day("filedAt").as("day"))
    .where("organizationId", "=", organizationId)
    .where("id", "=", g.id)
    .executeTakeFirstOrThrow();
  return filed.day;
}

/**
 * The employer's answer at the current step: settles the employer's response deadline (met,
 * or missed when it came late) and opens the union's appeal deadline from the day received.
 */
export function recordResponse(
  ctx: ActionContext,
  id: string,
  input: TResponseInput,
  /** Runs in the same transaction once the answer is in (the employer's link, issue 20). */
  alsoRecord?: (trx: TenantTx, g: Locked) => Promise<void>,
) {
  return act(ctx, id, async (trx, g, { procedure, calendar, today }) => {
    mustBeOpen(g, "take an answer");
    const org = ctx.tenant.organizationId;
    const answered = await trx
      .selectFrom("grievanceAnswers")
      .select("id")
      .where("organizationId", "=", org)
      .where("grievanceId", "=", id)
      .where("stepIndex", "=", g.stepIndex)
      .executeTakeFirst();
    if (answered) throw conflict(`The employer's answer at ${g.stepName} is already recorded.`);
    notLater("receivedOn", input.receivedOn, today, "The answer cannot be received in the future.");
    const began = await stepBegan(trx, org, g, procedure.timeZone);
    if (input.receivedOn < began) throw dateConflict("receivedOn", ANSWER_BEFORE_STEP, began);
    const running = await runningDeadline(trx, org, g);
    if (running?.kind === "response") {
      await closeDeadline(
        trx,
        org,
        { ...running, state: running.state === "paused" ? "open" : running.state },
        input.receivedOn,
        line("line.answerReceived", { day: input.receivedOn }),
      );
    }
    await trx
      .insertInto("grievanceAnswers")
      .values({
        organizationId: org,
        grievanceId: id,
        stepIndex: g.stepIndex,
        stepName: g.stepName,
        receivedOn: input.receivedOn,
        decision: input.decision,
        text: input.text ?? "",
        recordedBy: ctx.actor.id,
      })
      .execute();
    const step = procedure.steps[g.stepIndex];
    const next = procedure.steps[g.stepIndex + 1];
    const appeal =
      step?.appealLimit && next
        ? await openDeadline(trx, {
            organizationId: org,
            grievanceId: id,
            stepIndex: g.stepIndex,
            stepName: g.stepName,
            kind: "appeal",
            from: input.receivedOn,
            fromLabel: "answerReceived",
            heading: { kind: "appeal", step: { index: g.stepIndex + 1, name: next.name } },
            limit: step.appealLimit,
            calendar,
            timeZone: procedure.timeZone,
          })
        : null;
    const status: GrievanceStatus = g.status === "new" ? "pending" : g.status;
    await setNextDeadline(trx, org, id, appeal, { status });
    if (alsoRecord) await alsoRecord(trx, g);
    return {
      kind: "response",
      line: line("answered", {
        step: { index: g.stepIndex, name: g.stepName },
        day: input.receivedOn,
        decision: input.decision,
        ...withNote(input.note),
      }),
      status,
    };
  });
}

/**
 * The appeal to the next step (and the Escalate button): settles the running deadline, moves
 * the grievance on, and opens the employer's response deadline there from today.
 */
export function appeal(ctx: ActionContext, id: string, input: TAppealInput) {
  if (!can(ctx.tenant.role, "escalate:grievance")) throw forbidden();
  return act(ctx, id, async (trx, g, { procedure, calendar, today }) => {
    if (g.status === "resolved")
      throw conflict("A grievance that is resolved cannot be escalated.");
    if (g.heldOn) throw conflict("The grievance is on hold: resume it before it can be escalated.");
    const nextIndex = g.stepIndex + 1;
    const next = procedure.steps[nextIndex];
    if (!next) throw conflict(`${g.stepName} is the last step: there is no appeal from it.`);
    const org = ctx.tenant.organizationId;
    const running = await runningDeadline(trx, org, g);
    if (running) {
      const why =
        running.kind === "appeal"
          ? line("line.appealed", { day: today })
          : line("line.closedAppealed", {
              day: today,
              step: { index: nextIndex, name: next.name },
            });
      // An appeal before the employer's time ran out settles their deadline, it does not miss it.
      await closeDeadline(
        trx,
        org,
        running,
        today,
        why,
        running.kind === "response" && running.state !== "missed" && today <= running.dueDate
          ? "met"
          : undefined,
      );
    }
    const response = next.responseLimit
      ? await openDeadline(trx, {
          organizationId: org,
          grievanceId: id,
          stepIndex: nextIndex,
          stepName: next.name,
          kind: "response",
          from: today,
          fromLabel: "appealed",
          heading: { kind: "response", step: { index: nextIndex, name: next.name } },
          limit: next.responseLimit,
          calendar,
          timeZone: procedure.timeZone,
        })
      : null;
    await setNextDeadline(trx, org, id, response, {
      status: "escalated",
      stepIndex: nextIndex,
      stepName: next.name,
    });
    return {
      kind: "appeal",
      status: "escalated",
      line: line("escalatedTo", {
        step: { index: nextIndex, name: next.name },
        ...withNote(input.note),
      }),
    };
  });
}

export const RESOLVE_REFUSED =
  "Close the grievance with its outcome: a grievance is not resolved without one.";

const ACTION: Record<TStatusChange["status"], string> = {
  pending: "marked as pending",
  escalated: "escalated",
  resolved: "resolved",
};

/**
 * Status changes follow product-decisions.md 18 and 25 on the server, with the right permission
 * per target status. Escalating is the appeal to the next step; resolving is the close action
 * with its outcome (outcome-actions.ts), refused here.
 */
export function changeStatus(ctx: ActionContext, id: string, change: TStatusChange) {
  const needed =
    change.status === "escalated"
      ? "escalate:grievance"
      : change.status === "resolved"
        ? "resolve:grievance"
        : "update:grievance";
  if (!can(ctx.tenant.role, needed)) throw forbidden();
  if (change.status === "escalated") return appeal(ctx, id, { note: change.note });
  // One way to close: with an outcome (product-decisions.md 30; issue 30).
  if (change.status === "resolved")
    throw new AppError(400, "VALIDATION_FAILED", RESOLVE_REFUSED, { status: RESOLVE_REFUSED });
  return act(ctx, id, async (trx, g) => {
    if (!canMoveTo(g.status, change.status))
      throw conflict(`A grievance that is ${g.status} cannot be ${ACTION[change.status]}.`);
    await trx
      .updateTable("grievances")
      .set({ status: change.status, updatedAt: new Date() })
      .where("organizationId", "=", ctx.tenant.organizationId)
      .where("id", "=", id)
      .execute();
    return { kind: "status", status: change.status, text: change.note ?? "" };
  });
}

/**
 * A mutual extension of the running deadline: the new date agreed by both sides; the old date
 * stays as `extendedFrom`, and the explanation and history grow (product-decisions.md 27).
 */
export function extendDeadline(ctx: ActionContext, id: string, input: TExtensionInput) {
  return act(ctx, id, async (trx, g, { today, calendar }) => {
    const org = ctx.tenant.organizationId;
    const d = await findDeadline(trx, org, input.deadlineId);
    if (!d || d.grievanceId !== id) throw notFound("Deadline Not Found");
    mustBeOpen(g, "have a deadline extended");
    if (d.id !== g.nextDeadlineId || d.closedOn !== null)
      throw conflict("Only the deadline that is running can be extended.");
    if (input.newDueDate <= d.dueDate)
      throw dateConflict("newDueDate", EXTENSION_NOT_AFTER, d.dueDate);
    if (input.newDueDate < today) throw dateConflict("newDueDate", EXTENSION_IN_PAST, today);
    if (!input.keepDayOff && !isBusinessDay(input.newDueDate, calendar)) {
      const next = nextBusinessDay(input.newDueDate, calendar);
      throw new AppError(
        409,
        "CONFLICT",
        EXTENSION_DAY_OFF,
        { newDueDate: EXTENSION_DAY_OFF, nextBusinessDay: next },
        { date: input.newDueDate, next },
      );
    }
    const why = line("line.extended", {
      from: d.dueDate,
      to: input.newDueDate,
      agreedWith: input.agreedWith,
    });
    await trx
      .updateTable("grievanceDeadlines")
      .set({
        dueDate: input.newDueDate,
        extendedFrom: d.dueDate,
        state: "open",
        explanation: JSON.stringify([...d.explanation, why]),
        history: JSON.stringify([
          ...d.history,
          {
            kind: "extension",
            from: d.dueDate,
            to: input.newDueDate,
            on: today,
            by: ctx.actor.name,
            agreedWith: input.agreedWith,
            ...(input.note ? { note: input.note } : {}),
          },
        ]),
      })
      .where("organizationId", "=", org)
      .where("id", "=", d.id)
      .execute();
    await setNextDeadline(trx, org, id, { id: d.id, dueDate: input.newDueDate });
    return {
      kind: "extension",
      line: line("extended", {
        subject: deadlineSubject(d),
        from: d.dueDate,
        to: input.newDueDate,
        agreedWith: input.agreedWith,
        ...withNote(input.note),
      }),
    };
  });
}

/** Abeyance: the running deadline pauses (and leaves the tracker's date sorts) until resumed. */
export function holdGrievance(ctx: ActionContext, id: string, input: THoldInput) {
  return act(ctx, id, async (trx, g, { today }) => {
    mustBeOpen(g, "be put on hold");
    const org = ctx.tenant.organizationId;
    const running = await runningDeadline(trx, org, g);
    if (running?.state === "open") {
      await trx
        .updateTable("grievanceDeadlines")
        .set({ state: "paused" })
        .where("organizationId", "=", org)
        .where("id", "=", running.id)
        .execute();
    }
    await trx
      .updateTable("grievances")
      .set({ heldOn: today, holdReason: input.reason, nextDueDate: null, updatedAt: new Date() })
      .where("organizationId", "=", org)
      .where("id", "=", id)
      .execute();
    return { kind: "hold", line: line("hold", { reason: input.reason }) };
  });
}

/** Ends a hold: a paused deadline moves by the days held, in its own day type. */
export function resumeGrievance(ctx: ActionContext, id: string, input: TResumeInput) {
  return act(ctx, id, async (trx, g, { calendar, today }) => {
    if (!g.heldOn) throw conflict("The grievance is not on hold.");
    const heldOn = g.heldOn;
    const org = ctx.tenant.organizationId;
    const running = await runningDeadline(trx, org, g);
    let moved: IsoDate | null = null;
    let next = running ? { id: running.id, dueDate: running.dueDate } : null;
    if (running?.state === "paused") {
      const shifted = shiftForHold({
        dueDate: running.dueDate,
        explanation: running.explanation,
        heldOn,
        resumedOn: today,
        dayType: running.dayType,
        calendar,
      });
      await trx
        .updateTable("grievanceDeadlines")
        .set({
          state: "open",
          dueDate: shifted.dueDate,
          explanation: JSON.stringify(shifted.explanation),
          history: JSON.stringify([
            ...running.history,
            {
              kind: "hold",
              from: running.dueDate,
              to: shifted.dueDate,
              on: today,
              by: ctx.actor.name,
              heldOn,
            },
          ]),
        })
        .where("organizationId", "=", org)
        .where("id", "=", running.id)
        .execute();
      next = { id: running.id, dueDate: shifted.dueDate };
      if (shifted.dueDate !== running.dueDate) moved = shifted.dueDate;
    }
    await setNextDeadline(trx, org, id, next, { heldOn: null, holdReason: null });
    const held = daysBetween(heldOn, today);
    return {
      kind: "resume",
      line:
        moved && running
          ? line("resumedMoved", {
              days: held,
              subject: deadlineSubject(running),
              day: moved,
              ...withNote(input.note),
            })
          : line("resumed", { days: held, ...withNote(input.note) }),
    };
  });
}

/** The steward responsible: a steward or admin of the organization, anyone else is not found. */
export function assignGrievance(ctx: ActionContext, id: string, input: TAssignInput) {
  return act(ctx, id, async (trx, g) => {
    const org = ctx.tenant.organizationId;
    const person = await trx
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["u.id", "u.name"])
      .where("m.organizationId", "=", org)
      .where("m.userId", "=", input.userId)
      .where("m.role", "in", ["steward", "admin"])
      .executeTakeFirst();
    if (!person) throw notFound("Steward Not Found");
    if (g.status === "resolved") throw conflict("A resolved grievance cannot be assigned.");
    await trx
      .updateTable("grievances")
      .set({ assigneeId: person.id, updatedAt: new Date() })
      .where("organizationId", "=", org)
      .where("id", "=", id)
      .execute();
    return { kind: "assign", line: line("assigned", { to: { id: person.id, name: person.name } }) };
  });
}

/**
 * Corrects the employer's answer recorded at the current step (issue 30): the date is checked
 * against the case as when recorded; the employer's deadline is settled again by the corrected
 * day, and the union's appeal deadline, while it runs, is computed again from it. The log and
 * each deadline's explanation keep the earlier date.
 */
export function correctAnswer(ctx: ActionContext, id: string, input: TAnswerCorrection) {
  return act(ctx, id, async (trx, g, { procedure, calendar, today }) => {
    mustBeOpen(g, "have its answer corrected");
    const org = ctx.tenant.organizationId;
    const answer = await trx
      .selectFrom("grievanceAnswers")
      .select(["id", "receivedOn"])
      .where("organizationId", "=", org)
      .where("grievanceId", "=", id)
      .where("stepIndex", "=", g.stepIndex)
      .forUpdate()
      .executeTakeFirst();
    if (!answer) throw conflict("There is no answer recorded at this step to correct.");
    notLater("receivedOn", input.receivedOn, today, "The answer cannot be received in the future.");
    const began = await stepBegan(trx, org, g, procedure.timeZone);
    if (input.receivedOn < began) throw dateConflict("receivedOn", ANSWER_BEFORE_STEP, began);
    const was = answer.receivedOn;
    await trx
      .updateTable("grievanceAnswers")
      .set({ receivedOn: input.receivedOn, decision: input.decision, text: input.text ?? "" })
      .where("organizationId", "=", org)
      .where("id", "=", answer.id)
      .execute();
    const why = line("line.answerCorrected", { day: today, received: input.receivedOn });
    const change = { kind: "correction" as const, from: was, to: input.receivedOn, on: today };
    const deadlines = await trx
      .selectFrom("grievanceDeadlines")
      .select([...DEADLINE_COLUMNS, "limitDays"])
      .where("organizationId", "=", org)
      .where("grievanceId", "=", id)
      .where("stepIndex", "=", g.stepIndex)
      .where("kind", "in", ["response", "appeal"])
      .forUpdate()
      .execute();
    for (const d of deadlines) {
      const history = JSON.stringify([...d.history, { ...change, by: ctx.actor.name }]);
      if (d.kind === "response" && d.closedOn !== null) {
        // Settled by the answer: met or missed again by the corrected day.
        await trx
          .updateTable("grievanceDeadlines")
          .set({
            state: input.receivedOn > d.dueDate ? "missed" : "met",
            closedOn: input.receivedOn,
            explanation: JSON.stringify([...d.explanation, why]),
            history,
          })
          .where("organizationId", "=", org)
          .where("id", "=", d.id)
          .execute();
      } else if (d.kind === "appeal" && d.closedOn === null) {
        const next = procedure.steps[g.stepIndex + 1];
        const computed = computeDueDate({
          from: input.receivedOn,
          fromLabel: "answerReceived",
          heading: {
            kind: "appeal",
            step: next
              ? { index: g.stepIndex + 1, name: next.name }
              : { index: g.stepIndex, name: g.stepName },
          },
          limit: { days: d.limitDays, dayType: d.dayType },
          calendar,
        });
        // A deadline marked missed runs again when the corrected date puts it ahead.
        const state = computed.dueDate < today ? d.state : d.state === "paused" ? "paused" : "open";
        await trx
          .updateTable("grievanceDeadlines")
          .set({
            dueDate: computed.dueDate,
            state,
            missedAt: state === "open" ? null : undefined,
            explanation: JSON.stringify([...d.explanation, why, ...computed.explanation]),
            history,
          })
          .where("organizationId", "=", org)
          .where("id", "=", d.id)
          .execute();
        if (g.nextDeadlineId === d.id && !g.heldOn)
          await setNextDeadline(trx, org, id, { id: d.id, dueDate: computed.dueDate });
      }
    }
    return {
      kind: "response",
      line: line("answerCorrected", {
        step: { index: g.stepIndex, name: g.stepName },
        day: input.receivedOn,
        was,
        decision: input.decision,
        ...withNote(input.reason),
      }),
    };
  });
}
