import { computeDueDate, todayIn } from "../../../shared/deadline-engine/index.ts";
import { can } from "../../../shared/permissions.ts";
import {
  RepresentationMessages as M,
  type TQuestion,
} from "../../../shared/schemas/representation.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { withTenant } from "../../db/tenant.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { type ActionContext, conflict, visibilityOf } from "./lock.ts";
import { questionAnsweredMail, questionAskedMail } from "./mail.ts";
import { notify } from "./notify.ts";
import { grievantIds } from "./outcome-detail.ts";
import { QUESTION_COLUMNS, toQuestion } from "./question-list.ts";
import { findVisible } from "./repo.ts";

/**
 * A member asks their steward (product-decisions.md 36): on a case of their own (one they are
 * a grievant of) or, with `grievanceId` null, from their dashboard. The reply is due within the
 * local's reply limit, counted by the engine from today. The assigned steward is told, or every
 * steward when nobody is assigned (the admins when the local has no steward), by mail in their
 * language and by a live event.
 */
export async function askQuestion(
  ctx: ActionContext,
  grievanceId: string | null,
  text: string,
): Promise<{ id: string; replyDueOn: string }> {
  const { db, tenant, actor } = ctx;
  const org = tenant.organizationId;
  return withTenant(db, org, async (trx) => {
    let assignee: string | null = null;
    if (grievanceId) {
      const g = await findVisible(trx, visibilityOf(tenant), grievanceId);
      if (!g) throw notFound("Grievance Not Found");
      // Only its grievants ask on a case: a steward answers, they do not ask themselves.
      if (!(await grievantIds(trx, org, g)).includes(tenant.userId)) throw forbidden();
      assignee = g.assigneeId;
    }
    const procedure = await loadProcedure(trx, org);
    const today = todayIn(procedure.timeZone, ctx.now);
    const { dueDate } = computeDueDate({
      from: today,
      fromLabel: "asked",
      heading: { kind: "question" },
      limit: procedure.replyLimit,
      calendar: workCalendar(procedure),
    });
    const row = await trx
      .insertInto("grievanceQuestions")
      .values({
        organizationId: org,
        grievanceId,
        askedBy: actor.id,
        askedByName: actor.name,
        text,
        askedAt: ctx.now,
        replyDueOn: dueDate,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stewards = await whoAnswers(trx, org, assignee);
    for (const s of stewards) {
      const language = asLanguage(s.language);
      await enqueueMail(trx, {
        to: s.email,
        ...questionAskedMail({
          name: s.name,
          asker: actor.name,
          grievanceId,
          text,
          replyDueOn: dueDate,
          url: grievanceId ? `${ctx.appUrl}/grievances/${grievanceId}` : `${ctx.appUrl}/deadlines`,
          language,
        }),
      });
    }
    await notify(trx, {
      organizationId: org,
      grievanceId: grievanceId ?? "",
      submittedBy: actor.id,
      kind: "question",
    });
    return { id: row.id, replyDueOn: dueDate };
  });
}

/** The assigned steward; else the local's stewards; else its admins. */
async function whoAnswers(trx: TenantTx, organizationId: string, assigneeId: string | null) {
  const people = (roles: ("steward" | "admin")[]) =>
    trx
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["u.id", "u.email", "u.name", "u.language"])
      .where("m.organizationId", "=", organizationId)
      .where("m.role", "in", roles)
      .orderBy("u.id")
      .execute();
  if (assigneeId) {
    const one = (await people(["steward", "admin"])).filter((p) => p.id === assigneeId);
    if (one.length > 0) return one;
  }
  const stewards = await people(["steward"]);
  return stewards.length > 0 ? stewards : people(["admin"]);
}

/**
 * A steward's or admin's reply: written once. The update claims the unanswered row, so of two
 * replies at once (a double click, two stewards) one wins and the other is told it was
 * answered; the member's mail is queued in the claiming transaction, so it leaves once.
 */
export async function replyToQuestion(
  ctx: ActionContext,
  grievanceId: string | null,
  questionId: string,
  text: string,
): Promise<TQuestion> {
  const { db, tenant, actor } = ctx;
  const org = tenant.organizationId;
  if (!can(tenant.role, "update:grievance")) throw forbidden();
  return withTenant(db, org, async (trx) => {
    const found = await trx
      .selectFrom("grievanceQuestions as q")
      .select([...QUESTION_COLUMNS, "q.askedBy"])
      .where("q.organizationId", "=", org)
      .where("q.id", "=", questionId)
      .where((eb) =>
        grievanceId === null
          ? eb("q.grievanceId", "is", null)
          : eb("q.grievanceId", "=", grievanceId),
      )
      .executeTakeFirst();
    if (!found) throw notFound("Question Not Found");
    const claimed = await trx
      .updateTable("grievanceQuestions as q")
      .set({
        replyText: text,
        repliedAt: ctx.now,
        repliedBy: actor.id,
        repliedByName: actor.name,
      })
      .where("q.organizationId", "=", org)
      .where("q.id", "=", questionId)
      .where("q.repliedAt", "is", null)
      .returning(QUESTION_COLUMNS)
      .executeTakeFirst();
    if (!claimed) throw conflict(M.answered);
    const asker = found.askedBy
      ? await trx
          .selectFrom("users")
          .select(["email", "name", "language"])
          .where("id", "=", found.askedBy)
          .executeTakeFirst()
      : undefined;
    if (asker) {
      const language = asLanguage(asker.language);
      await enqueueMail(trx, {
        to: asker.email,
        ...questionAnsweredMail({
          name: asker.name,
          steward: actor.name,
          question: found.text,
          reply: text,
          url: grievanceId ? `${ctx.appUrl}/grievances/${grievanceId}` : `${ctx.appUrl}/dashboard`,
          language,
        }),
      });
    }
    await notify(trx, {
      organizationId: org,
      grievanceId: grievanceId ?? "",
      submittedBy: found.askedBy,
      kind: "question",
    });
    const procedure = await loadProcedure(trx, org);
    return toQuestion(claimed, todayIn(procedure.timeZone, ctx.now));
  });
}
