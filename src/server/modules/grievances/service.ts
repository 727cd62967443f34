import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { line, type TextLine } from "../../../shared/i18n/text-lines.ts";
import { can } from "../../../shared/permissions.ts";
import {
  defaultSubject,
  eventLine,
  GrievanceMessages,
  grievantMaySee,
  type TEventKind,
  type TGrievance,
  type TGrievanceInput,
} from "../../../shared/schemas/grievances.ts";
import type { DB } from "../../db/connection.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { articleMatcher } from "../../lib/articles/index.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { CHANNEL, type GrievanceEvent } from "../../lib/events/hub.ts";
import { asLanguage, englishLine, lineTextIn } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { grievanceUpdateMail } from "../../lib/mail/templates.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { getOrganizationConfig, organizationCurrency } from "../../lib/tenancy/organization.ts";
import type { Tenant } from "../../plugins/access.ts";
import { type GrievantPerson, resolveGrievantPeople } from "../roster/index.ts";
import { contactClocks, contactsOf, grievantPeople } from "./contact-clock.ts";
import {
  closeDeadline,
  DEADLINE_COLUMNS,
  type DeadlineRow,
  filingVerdict,
  findDeadline,
  nextDeadlineOf,
  openDeadline,
  setNextDeadline,
  toDeadline,
} from "./deadlines.ts";
import { forGrievant, nextActions } from "./grievant-view.ts";
import { noticesOf } from "./notices.ts";
import { grievantIds, grievantsOf, outcomeOf } from "./outcome-detail.ts";
import { listQuestions } from "./question-list.ts";
import { checkRelatedIds, writeLinks } from "./related.ts";
import { findVisible, nextGrievanceId, type Visibility, visibleIds } from "./repo.ts";
import { summary } from "./summary.ts";

export const visibilityOf = (tenant: Tenant): Visibility => ({
  organizationId: tenant.organizationId,
  userId: tenant.userId,
  seesAll: can(tenant.role, "view:all_grievances"),
});

export interface Actor {
  /** null: someone without an account, the employer answering by link (issue 20). */
  id: string | null;
  name: string;
  role: string;
}

/**
 * Tells every server instance's live streams, at commit (NOTIFY is transactional). The
 * grievants of a group grievance are read here, so each of them hears it (issue 19).
 */
export async function notify(trx: TenantTx, event: GrievanceEvent) {
  const grievants =
    event.grievants ??
    (
      await trx
        .selectFrom("grievanceGrievants")
        .select("userId")
        .where("organizationId", "=", event.organizationId)
        .where("grievanceId", "=", event.grievanceId)
        .execute()
    )
      .map((r) => r.userId)
      .filter((id): id is string => id !== null);
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ ...event, grievants })})`.execute(trx);
}

export async function log(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  actor: Actor | null,
  entry: {
    kind: TEventKind;
    status?: GrievanceStatus;
    /** What the person typed (a comment, a note, a status change's note), or a file's name. */
    text?: string | null;
    /** The entry as a line; a comment, note, attachment or status change has its kind's. */
    line?: TextLine;
  },
) {
  await trx
    .insertInto("grievanceEvents")
    .values({
      organizationId,
      grievanceId,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? "System",
      actorRole: actor?.role ?? "system",
      kind: entry.kind,
      status: entry.status ?? null,
      text: entry.text ?? null,
      line: JSON.stringify(entry.line ?? eventLine(entry)),
    })
    .execute();
}

/**
 * Files a grievance: status new at the procedure's first step, the next id, and the first log
 * entry from System. The filing limit is checked against the incident date and recorded (a
 * late filing is accepted and marked, never refused); the employer's Step 1 answer deadline
 * runs from the filing day.
 */
export async function fileGrievance(
  db: DB,
  tenant: Tenant,
  input: TGrievanceInput,
  now: Date = new Date(),
) {
  const config = await getOrganizationConfig(db, tenant.organizationId);
  const fields: Record<string, string> = {};
  // A policy grievance has no individual grievant and needs no job title (issue 30); one given
  // is still from the organization's list.
  const jobTitle = input.jobTitle ?? "";
  if ((input.type !== "policy" || jobTitle) && !config.jobTitles.includes(jobTitle))
    fields.jobTitle = GrievanceMessages.notInList.jobTitle;
  if (!config.departments.includes(input.department))
    fields.department = GrievanceMessages.notInList.department;
  if (!config.locations.includes(input.location))
    fields.location = GrievanceMessages.notInList.location;
  const procedure = await loadProcedure(db, tenant.organizationId);
  const today = todayIn(procedure.timeZone, now);
  if (input.incidentDate && input.incidentDate > today)
    fields.incidentDate = GrievanceMessages.incidentInFuture;
  // Group and policy grievances are filed by stewards and admins (product-decisions.md 31).
  const type = input.type ?? "individual";
  if (type !== "individual" && !can(tenant.role, "view:all_grievances")) throw forbidden();
  // Grievants by account or roster id (issue 29); a roster person needs a steward or admin.
  const rosterId = input.grievantRosterId || undefined;
  if (rosterId && !can(tenant.role, "view:all_grievances")) throw forbidden();
  if (rosterId && type === "policy") fields.grievantRosterId = GrievanceMessages.grievantRoster;
  const grievantIds = [...new Set(input.grievantIds ?? [])];
  const named = type === "group" ? [...grievantIds, ...(rosterId ? [rosterId] : [])] : [];
  if (type === "individual" && rosterId) named.push(rosterId);
  const people = named.length
    ? await withTenant(db, tenant.organizationId, (trx) =>
        resolveGrievantPeople(trx, tenant.organizationId, named),
      )
    : new Map<string, GrievantPerson>();
  if (
    type === "group" &&
    (grievantIds.length + (rosterId ? 1 : 0) === 0 || grievantIds.some((g) => !people.has(g)))
  )
    fields.grievantIds = GrievanceMessages.grievants;
  if (rosterId && type !== "policy" && !people.has(rosterId))
    fields.grievantRosterId = GrievanceMessages.grievantRoster;
  const grievantPersonIds = [...new Set(named.map((n) => people.get(n)?.personId))].filter(
    (p): p is string => p !== undefined,
  );
  // Links to related grievances at filing: stewards and admins, the organization's own.
  const relatedIds = [...new Set(input.relatedIds ?? [])];
  if (relatedIds.length > 0 && !can(tenant.role, "view:all_grievances")) throw forbidden();
  if (relatedIds.length > 0) {
    await withTenant(db, tenant.organizationId, (trx) =>
      checkRelatedIds(trx, tenant.organizationId, relatedIds),
    ).catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      fields.relatedIds = e.message;
    });
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, "VALIDATION_FAILED", first, fields);

  const {
    subject,
    incidentDate,
    articles,
    type: _type,
    grievantIds: _ids,
    grievantRosterId: _rosterId,
    relatedIds: _related,
    ...rest
  } = input;
  const calendar = workCalendar(procedure);
  const firstStep = procedure.steps[0];
  const stepName = firstStep?.name ?? "Step 1";
  return withTenant(db, tenant.organizationId, async (trx) => {
    const id = await nextGrievanceId(trx, tenant.organizationId, Number(today.slice(0, 4)));
    const cited = articles ?? [];
    const articleNumbers = (await articleMatcher(trx, tenant.organizationId))(cited);
    await trx
      .insertInto("grievances")
      .values({
        organizationId: tenant.organizationId,
        id,
        submittedBy: tenant.userId,
        ...rest,
        jobTitle,
        subject: subject || defaultSubject(rest.description),
        incidentDate: incidentDate ?? null,
        articles: cited,
        articleNumbers,
        type,
        stepIndex: 0,
        stepName,
        filedAt: now,
        updatedAt: now,
        // The grievant's contact clock starts at filing (issue 34), on the app's clock.
        grievantUpdatedAt: now,
      })
      .execute();
    if (grievantPersonIds.length > 0) {
      await trx
        .insertInto("grievanceGrievants")
        .values(
          grievantPersonIds.map((personId) => ({
            organizationId: tenant.organizationId,
            grievanceId: id,
            personId,
          })),
        )
        .execute();
    }
    const base = {
      organizationId: tenant.organizationId,
      grievanceId: id,
      stepIndex: 0,
      stepName,
      calendar,
      timeZone: procedure.timeZone,
    };
    let late: number | null = null;
    if (incidentDate) {
      const filing = await openDeadline(trx, {
        ...base,
        kind: "filing",
        from: incidentDate,
        fromLabel: "incident",
        heading: { kind: "filing" },
        limit: procedure.filingLimit,
      });
      const verdict = filingVerdict(filing.dueDate, today);
      await closeDeadline(trx, tenant.organizationId, filing, today, verdict.line);
      if (verdict.state === "missed") late = verdict.late;
    }
    const response = firstStep?.responseLimit
      ? await openDeadline(trx, {
          ...base,
          kind: "response",
          from: today,
          fromLabel: "filed",
          heading: { kind: "response", step: { index: 0, name: stepName } },
          limit: firstStep.responseLimit,
        })
      : null;
    await setNextDeadline(trx, tenant.organizationId, id, response, { filingLate: late !== null });
    await log(trx, tenant.organizationId, id, null, {
      kind: "filed",
      line: line("filedBy", { by: { id: null, name: input.name } }),
    });
    if (late) {
      await log(trx, tenant.organizationId, id, null, {
        kind: "deadline",
        line: line("filedLate", { day: today, days: late }),
      });
    }
    await writeLinks(trx, tenant.organizationId, null, id, relatedIds, "link");
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: tenant.userId,
      kind: "filed",
    });
    return { id, filingLate: late !== null };
  });
}

export interface ActionContext {
  db: DB;
  tenant: Tenant;
  actor: Actor;
  now: Date;
  appUrl: string;
}

/** The grievance a steward acts on, locked for the transaction; 404 when not theirs to see. */
export async function lockGrievance(trx: TenantTx, tenant: Tenant, id: string) {
  const g = await trx
    .selectFrom("grievances")
    .select([
      "id",
      "status",
      "submittedBy",
      "name",
      "stepIndex",
      "stepName",
      "heldOn",
      "holdReason",
      "nextDeadlineId",
      "assigneeId",
    ])
    .where("organizationId", "=", tenant.organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!g || !(await findVisible(trx, visibilityOf(tenant), id)))
    throw notFound("Grievance Not Found");
  return g;
}

export const conflict = (message: string) => new AppError(409, "CONFLICT", message);

/** The deadline that runs now, if any. */
export async function runningDeadline(
  trx: TenantTx,
  organizationId: string,
  g: { nextDeadlineId: string | null },
): Promise<DeadlineRow | null> {
  if (!g.nextDeadlineId) return null;
  const d = await findDeadline(trx, organizationId, g.nextDeadlineId);
  return d && d.closedOn === null ? d : null;
}

/**
 * Comments: stewards and admins on any grievance, a member only on one they filed. An internal
 * note (stewards and admins) is logged as such and never reaches the grievant: no mail, and the
 * live event says it is internal so members' streams drop it (product-decisions.md 28).
 */
export async function addComment(
  db: DB,
  tenant: Tenant,
  actor: Actor,
  id: string,
  comment: { text: string; internal: boolean },
  appUrl: string,
) {
  const v = visibilityOf(tenant);
  const { text, internal } = comment;
  if (internal && !v.seesAll) throw forbidden();
  const grievance = await withTenant(db, tenant.organizationId, async (trx) => {
    const found = await findVisible(trx, v, id);
    if (!found) throw notFound("Grievance Not Found");
    await log(trx, tenant.organizationId, id, actor, { kind: internal ? "note" : "comment", text });
    await trx
      .updateTable("grievances")
      .set({ updatedAt: new Date() })
      .where("organizationId", "=", tenant.organizationId)
      .where("id", "=", id)
      .execute();
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: found.submittedBy,
      kind: internal ? "note" : "comment",
      internal,
    });
    return found;
  });
  if (!internal)
    await tellSubmitter(
      db,
      grievance.submittedBy,
      actor.id,
      id,
      line("comment", { text }),
      appUrl,
      tenant.organizationId,
    );
}

/**
 * The grievants hear by email about changes made by someone else: the submitter of an
 * individual grievance, each grievant of a group one (given the organization), nobody for a
 * policy grievance.
 */
export async function tellSubmitter(
  db: DB,
  submittedBy: string | null,
  actorId: string | null,
  grievanceId: string,
  what: TextLine,
  appUrl: string,
  organizationId?: string,
) {
  const ids = organizationId
    ? await withTenant(db, organizationId, async (trx) => {
        const g = await trx
          .selectFrom("grievances")
          .select(["id", "type", "submittedBy"])
          .where("organizationId", "=", organizationId)
          .where("id", "=", grievanceId)
          .executeTakeFirst();
        return g ? grievantIds(trx, organizationId, g) : [];
      })
    : submittedBy
      ? [submittedBy]
      : [];
  const to = ids.filter((id) => id !== actorId);
  if (to.length === 0) return;
  const users = await db
    .selectFrom("users")
    .select(["email", "name", "language"])
    .where("id", "in", to)
    .execute();
  for (const user of users) {
    // `what` is the activity log's entry: the reader gets it in their language.
    const language = asLanguage(user.language);
    await enqueueMail(db, {
      to: user.email,
      ...grievanceUpdateMail(
        user.name,
        grievanceId,
        lineTextIn(language)(what),
        `${appUrl}/grievances/${grievanceId}`,
        language,
      ),
    });
  }
}

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
          .where("e.organizationId", "=", tenant.organizationId)
          .where("e.grievanceId", "=", id)
          .orderBy("e.id", "desc")
          .execute(),
        trx
          .selectFrom("grievanceAttachments")
          .select(["id", "name", "contentType", "size"])
          .where("organizationId", "=", tenant.organizationId)
          .where("grievanceId", "=", id)
          .orderBy("createdAt")
          .execute(),
        trx
          .selectFrom("grievanceDeadlines")
          .select(DEADLINE_COLUMNS)
          .where("organizationId", "=", tenant.organizationId)
          .where("grievanceId", "=", id)
          .orderBy("createdAt")
          .orderBy("id")
          .execute(),
        trx
          .selectFrom("grievanceAnswers")
          .select(["stepIndex", "stepName", "receivedOn", "decision", "text", "line"])
          .where("organizationId", "=", tenant.organizationId)
          .where("grievanceId", "=", id)
          .orderBy("stepIndex")
          .execute(),
        g.assigneeId
          ? trx
              .selectFrom("users")
              .select(["id", "name"])
              .where("id", "=", g.assigneeId)
              .executeTakeFirst()
          : undefined,
        loadProcedure(trx, tenant.organizationId),
        grievantsOf(trx, tenant.organizationId, g),
        organizationCurrency(trx, tenant.organizationId),
      ]);
    const today = todayIn(procedure.timeZone, now);
    // The contact clock (issue 34): a grievant sees their own, stewards and admins everyone's.
    const clock = (await contactClocks(trx, tenant.organizationId, [g], procedure, now)).get(id);
    const people = (await grievantPeople(trx, tenant.organizationId, [g])).get(id) ?? [];
    const mine = people.filter((p) => p.userId === tenant.userId).map((p) => p.personId);
    const clocks = (clock?.grievants ?? []).filter((c) => v.seesAll || mine.includes(c.personId));
    const own = v.seesAll ? clock : clocks[0];
    const running = deadlines.find((d) => d.id === g.nextDeadlineId && d.closedOn === null);
    const lastStep = g.stepIndex >= procedure.steps.length - 1;
    const full: TGrievance = {
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
      lastContact: own?.lastContact ?? null,
      daysSinceContact: own?.daysSinceContact ?? null,
      contactOverdue: own?.overdue ?? false,
      grievantContacts: clocks,
      contacts: await contactsOf(trx, tenant.organizationId, id, v.seesAll ? null : mine),
      questions: (
        await listQuestions(trx, {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          seesAll: v.seesAll,
          grievanceId: id,
          today,
          limit: 200,
        })
      ).items,
      notices: await noticesOf(trx, tenant.organizationId, id),
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
      attachments: files.map((f) => ({
        id: f.id,
        name: f.name,
        type: f.contentType,
        size: f.size,
      })),
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
    return v.seesAll ? full : forGrievant(full);
  });
}

export const attachmentKey = (organizationId: string, extension: string) =>
  `attachments/${organizationId}/${randomBytes(12).toString("hex")}.${extension}`;

/** Records an uploaded file on a grievance the person may see, with a log entry. */
export async function recordAttachment(
  db: DB,
  tenant: Tenant,
  actor: Actor,
  id: string,
  file: { name: string; contentType: string; size: number; storageKey: string },
) {
  const v = visibilityOf(tenant);
  return withTenant(db, tenant.organizationId, async (trx) => {
    const g = await findVisible(trx, v, id);
    if (!g) throw notFound("Grievance Not Found");
    const row = await trx
      .insertInto("grievanceAttachments")
      .values({
        organizationId: tenant.organizationId,
        grievanceId: id,
        uploadedBy: actor.id,
        ...file,
      })
      .returning(["id", "name", "contentType", "size"])
      .executeTakeFirstOrThrow();
    await log(trx, tenant.organizationId, id, actor, { kind: "attachment", text: file.name });
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: g.submittedBy,
      kind: "attachment",
    });
    return { id: row.id, name: row.name, type: row.contentType, size: row.size };
  });
}
