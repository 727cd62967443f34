import { type IsoDate, todayIn } from "../../../shared/deadline-engine/index.ts";
import { grievantMaySee, type TGrievance } from "../../../shared/schemas/grievances.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { englishLine } from "../../lib/i18n/index.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import type { Tenant } from "../../plugins/access.ts";
import { contactClocks, contactsOf, grievantPeople } from "./contact-clock.ts";
import { DEADLINE_COLUMNS, nextDeadlineOf, toDeadline } from "./deadlines.ts";
import { forGrievant, nextActions } from "./grievant-view.ts";
import { visibilityOf } from "./lock.ts";
import { noticesOf } from "./notices.ts";
import { grievantsOf, outcomeOf } from "./outcome-detail.ts";
import { listQuestions } from "./question-list.ts";
import { findVisible, type Visibility, visibleIds } from "./repo.ts";
import { summary } from "./summary.ts";

type Found = NonNullable<Awaited<ReturnType<typeof findVisible>>>;
type Parts = Awaited<ReturnType<typeof readParts>>;

/**
 * The whole grievance as its viewer may see it: stewards and admins get everything, a grievant
 * the projection of grievant-view.ts (product-decisions.md 28).
 */
export async function grievanceDetail(
  db: DB,
  tenant: Tenant,
  id: string,
  now: Date = new Date(),
): Promise<TGrievance> {
  const v = visibilityOf(tenant);
  return withTenant(db, tenant.organizationId, async (trx) => {
    const g = await findVisible(trx, v, id);
    if (!g) throw notFound("Grievance Not Found");
    const parts = await readParts(trx, tenant, g);
    const today = todayIn(parts.procedure.timeZone, now);
    const full = await assemble(trx, tenant, v, g, parts, { today, now });
    return v.seesAll ? full : forGrievant(full);
  });
}

/** The grievance's own rows: log, files, deadlines, answers, and what they are read with. */
async function readParts(trx: TenantTx, tenant: Tenant, g: Found) {
  const org = tenant.organizationId;
  const [log, files, deadlines, answers, assignee, procedure, grievants, currency] =
    await Promise.all([
      trx
        .selectFrom("grievanceEvents as e")
        .leftJoin("users as u", "u.id", "e.actorId")
        .select([
          "e.id",
          "e.actorName",
          "e.actorRole",
          "e.kind",
          "e.status",
          "e.text",
          "e.line",
          "e.createdAt",
          "u.image",
        ])
        .where("e.organizationId", "=", org)
        .where("e.grievanceId", "=", g.id)
        .orderBy("e.id", "desc")
        .execute(),
      trx
        .selectFrom("grievanceAttachments")
        .select(["id", "name", "contentType", "size"])
        .where("organizationId", "=", org)
        .where("grievanceId", "=", g.id)
        .orderBy("createdAt")
        .execute(),
      trx
        .selectFrom("grievanceDeadlines")
        .select(DEADLINE_COLUMNS)
        .where("organizationId", "=", org)
        .where("grievanceId", "=", g.id)
        .orderBy("createdAt")
        .orderBy("id")
        .execute(),
      trx
        .selectFrom("grievanceAnswers")
        .select(["stepIndex", "stepName", "receivedOn", "decision", "text", "line"])
        .where("organizationId", "=", org)
        .where("grievanceId", "=", g.id)
        .orderBy("stepIndex")
        .execute(),
      g.assigneeId
        ? trx
            .selectFrom("users")
            .select(["id", "name"])
            .where("id", "=", g.assigneeId)
            .executeTakeFirst()
        : undefined,
      loadProcedure(trx, org),
      grievantsOf(trx, org, g),
      organizationCurrency(trx, org),
    ]);
  return { log, files, deadlines, answers, assignee, procedure, grievants, currency };
}

/**
 * The contact clock (issue 34): a grievant sees their own, stewards and admins everyone's.
 * Also the grievant's roster persons, for the contacts they may see.
 */
async function contactView(
  trx: TenantTx,
  tenant: Tenant,
  v: Visibility,
  g: Found,
  at: { procedure: Parts["procedure"]; now: Date },
) {
  const org = tenant.organizationId;
  const clock = (await contactClocks(trx, org, [g], at.procedure, at.now)).get(g.id);
  const people = (await grievantPeople(trx, org, [g])).get(g.id) ?? [];
  const mine = people.filter((p) => p.userId === tenant.userId).map((p) => p.personId);
  const clocks = (clock?.grievants ?? []).filter((c) => v.seesAll || mine.includes(c.personId));
  const own = v.seesAll ? clock : clocks[0];
  return {
    lastContact: own?.lastContact ?? null,
    daysSinceContact: own?.daysSinceContact ?? null,
    contactOverdue: own?.overdue ?? false,
    grievantContacts: clocks,
    contacts: await contactsOf(trx, org, g.id, v.seesAll ? null : mine),
  };
}

/** The full grievance, as stewards and admins see it, from its rows. */
async function assemble(
  trx: TenantTx,
  tenant: Tenant,
  v: Visibility,
  g: Found,
  parts: Parts,
  at: { today: IsoDate; now: Date },
): Promise<TGrievance> {
  const { log, files, deadlines, answers, assignee, procedure, grievants, currency } = parts;
  const { today } = at;
  const running = deadlines.find((d) => d.id === g.nextDeadlineId && d.closedOn === null);
  const lastStep = g.stepIndex >= procedure.steps.length - 1;
  return {
    ...summary(g, {
      assignee: assignee ?? null,
      nextDeadline: running ? nextDeadlineOf(running, today) : null,
      groupGrievants: grievants.length,
    }),
    outcome: outcomeOf(g, currency, today),
    grievants,
    isGrievant: grievants.some((p) => p.id === tenant.userId),
    // A grievant sees the links to grievances that are theirs too, no others.
    relatedIds: v.seesAll ? g.relatedIds : await visibleIds(trx, v, g.relatedIds),
    ...(await contactView(trx, tenant, v, g, { procedure, now: at.now })),
    questions: (
      await listQuestions(trx, {
        organizationId: tenant.organizationId,
        userId: tenant.userId,
        seesAll: v.seesAll,
        grievanceId: g.id,
        today,
        limit: 200,
      })
    ).items,
    notices: await noticesOf(trx, tenant.organizationId, g.id),
    description: g.description,
    remedy: g.remedy,
    submittedByMe: g.submittedBy === tenant.userId,
    incidentDate: g.incidentDate,
    articles: g.articles,
    deadlines: deadlines.map(toDeadline),
    answers: answers.map((a) => ({
      step: { index: a.stepIndex, name: a.stepName },
      receivedOn: a.receivedOn,
      decision: a.decision,
      text: a.line ? englishLine(a.line) : a.text,
      ...(a.line ? { line: a.line } : {}),
    })),
    hold: g.heldOn ? { since: g.heldOn, reason: g.holdReason ?? "" } : null,
    lastStep,
    filingLate: g.filingLate,
    grievantLastUpdatedAt: new Date(g.grievantUpdatedAt).toISOString(),
    actions: nextActions(tenant.role, {
      status: g.status,
      held: g.heldOn !== null,
      lastStep,
      answered: answers.some((a) => a.stepIndex === g.stepIndex),
      running: Boolean(running),
      type: g.type,
      remedyDue: g.remedyAmountCents !== null && !g.remedyReceivedAt,
      merged: g.outcome === "merged",
    }),
    attachments: files.map((f) => ({ id: f.id, name: f.name, type: f.contentType, size: f.size })),
    activityLog: log.map((e) => ({
      id: String(e.id),
      user: e.actorName,
      role: e.actorRole,
      avatar: e.image,
      time: new Date(e.createdAt).toISOString(),
      line: e.line,
      action: englishLine(e.line),
      internal: !grievantMaySee(e.kind),
    })),
  };
}
