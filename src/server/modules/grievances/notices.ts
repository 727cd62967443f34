import { computeDueDate } from "../../../shared/deadline-engine/index.ts";
import type { TNotice, TNoticeKind } from "../../../shared/schemas/representation.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { grievantPeople } from "./contact-clock.ts";
import { decisionNoticeMail } from "./mail.ts";

/**
 * The written notice of a decision (product-decisions.md 36): withdrawing, settling, or not
 * going on. Recorded with its time and mailed to each grievant in their language (the account's
 * address, or the roster's for a person without one), naming the local's internal appeal route
 * and its deadline (calendar days from today, moved to a business day) when the local set one.
 * Called in the decision's own transaction, which refuses a second decision, so it goes once.
 */
export async function sendDecisionNotice(
  trx: TenantTx,
  a: {
    organizationId: string;
    grievance: {
      id: string;
      type: "individual" | "group" | "policy";
      submittedBy: string | null;
      stepName: string;
    };
    kind: TNoticeKind;
    reason: string;
    actor: { id: string | null; name: string };
    today: string;
    now: Date;
    appUrl: string;
  },
): Promise<void> {
  const procedure = await loadProcedure(trx, a.organizationId);
  const route = procedure.internalAppeal;
  const dueOn =
    route?.days != null
      ? computeDueDate({
          from: a.today,
          fromLabel: "notice",
          heading: { kind: "internalAppeal" },
          limit: { days: route.days, dayType: "calendar" },
          calendar: workCalendar(procedure),
        }).dueDate
      : null;
  await trx
    .insertInto("grievanceNotices")
    .values({
      organizationId: a.organizationId,
      grievanceId: a.grievance.id,
      kind: a.kind,
      stepName: a.grievance.stepName,
      reason: a.reason,
      appealText: route?.text ?? null,
      appealDueOn: dueOn,
      decidedBy: a.actor.id,
      decidedByName: a.actor.name,
      sentAt: a.now,
    })
    .execute();
  const people = (await grievantPeople(trx, a.organizationId, [a.grievance])).get(a.grievance.id);
  if (!people || people.length === 0) return;
  const rows = await trx
    .selectFrom("people as p")
    .leftJoin("users as u", "u.id", "p.userId")
    .select([
      "p.name",
      "p.email",
      "p.language",
      "u.email as accountEmail",
      "u.language as accountLanguage",
    ])
    .where("p.organizationId", "=", a.organizationId)
    .where(
      "p.id",
      "in",
      people.map((p) => p.personId),
    )
    .execute();
  for (const r of rows) {
    const to = r.accountEmail ?? r.email;
    if (!to) continue;
    await enqueueMail(trx, {
      to,
      ...decisionNoticeMail({
        name: r.name,
        grievanceId: a.grievance.id,
        kind: a.kind,
        step: a.grievance.stepName,
        reason: a.reason,
        appeal: route ? { text: route.text, dueOn } : null,
        decidedBy: a.actor.name,
        url: `${a.appUrl}/grievances/${a.grievance.id}`,
        language: asLanguage(r.accountLanguage ?? r.language),
      }),
    });
  }
}

/** A grievance's notices, oldest first (the grievant's too: they were written to them). */
export async function noticesOf(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
): Promise<TNotice[]> {
  const rows = await trx
    .selectFrom("grievanceNotices")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("grievanceId", "=", grievanceId)
    .orderBy("sentAt")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as TNoticeKind,
    step: r.stepName,
    reason: r.reason,
    appeal: r.appealText ? { text: r.appealText, dueOn: r.appealDueOn } : null,
    decidedBy: r.decidedByName,
    sentAt: new Date(r.sentAt).toISOString(),
  }));
}
