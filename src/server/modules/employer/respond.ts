import { sql } from "kysely";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import { line } from "../../../shared/i18n/text-lines.ts";
import {
  EmployerMessages,
  RESPOND_TOKEN,
  type TRespondInput,
  type TRespondView,
} from "../../../shared/schemas/employer.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { asLanguage, type Language, lineTextIn } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import {
  type ActionContext,
  DEADLINE_COLUMNS,
  log,
  notify,
  recordResponse,
} from "../grievances/index.ts";
import { answeredMail, dueSentence } from "./mail.ts";
import { hashResponseToken, responseDeadline } from "./serve.ts";

export const linkNotFound = () => notFound(EmployerMessages.linkNotFound);

export interface ServedFile {
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/**
 * The service a token opens, and its grievance, or null: a token of no service, expired (60
 * days), or whose step has closed (appealed or resolved) opens nothing (product-decisions.md
 * 29). Answered links still open, read-only.
 */
async function openService(trx: TenantTx, organizationId: string, serviceId: string, now: Date) {
  const s = await trx
    .selectFrom("employerServices")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("id", "=", serviceId)
    .executeTakeFirst();
  if (!s || new Date(s.expiresAt) <= now) return null;
  const g = await trx
    .selectFrom("grievances")
    .select([
      "id",
      "subject",
      "articles",
      "description",
      "remedy",
      "stepIndex",
      "stepName",
      "status",
      "submittedBy",
      "assigneeId",
    ])
    .where("organizationId", "=", organizationId)
    .where("id", "=", s.grievanceId)
    .executeTakeFirst();
  if (!g || g.status === "resolved" || g.stepIndex !== s.stepIndex) return null;
  return { s, g };
}

/** The organization and service id of a token (the one cross-organization door). */
export async function serviceOfToken(db: DB, token: string) {
  if (!RESPOND_TOKEN.test(token)) return null;
  const { rows } = await sql<{ organizationId: string; id: string }>`
    SELECT * FROM employer_service_by_token(${hashResponseToken(token)})`.execute(db);
  return rows[0] ?? null;
}

const employerActor = (name: string) => ({ id: null, name, role: "employer" });

/**
 * GET /api/respond/:token: the grievance as served and the answer at its step, if any. The
 * first open is logged ('Opened by {name}') once, not on every reload.
 */
export async function readService(
  db: DB,
  token: string,
  now: Date,
  language: Language = "en",
): Promise<TRespondView> {
  const found = await serviceOfToken(db, token);
  if (!found) throw linkNotFound();
  return withTenant(db, found.organizationId, async (trx) => {
    const open = await openService(trx, found.organizationId, found.id, now);
    if (!open) throw linkNotFound();
    const { s, g } = open;
    const org = found.organizationId;
    const first = await trx
      .updateTable("employerServices")
      .set({ openedAt: now })
      .where("organizationId", "=", org)
      .where("id", "=", s.id)
      .where("openedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (first) {
      await log(trx, org, g.id, employerActor(s.contactName), {
        kind: "service",
        line: line("opened", { name: s.contactName }),
      });
      await notify(trx, {
        organizationId: org,
        grievanceId: g.id,
        submittedBy: g.submittedBy,
        kind: "service",
      });
    }
    const [answer, due, organization] = await Promise.all([
      trx
        .selectFrom("grievanceAnswers")
        .select(["decision", "text", "line", "createdAt"])
        .where("organizationId", "=", org)
        .where("grievanceId", "=", g.id)
        .where("stepIndex", "=", s.stepIndex)
        .executeTakeFirst(),
      responseDeadline(trx, org, g.id, s.stepIndex),
      trx.selectFrom("organizations").select("name").where("id", "=", org).executeTakeFirst(),
    ]);
    return {
      organization: organization?.name ?? "",
      grievance: {
        id: g.id,
        subject: g.subject,
        articles: g.articles,
        description: g.description,
        remedy: g.remedy,
        step: { index: s.stepIndex, name: s.stepName },
      },
      dueDate: due?.dueDate ?? null,
      dueText: dueSentence(due?.dueDate ?? null, s.stepName, language),
      contactName: s.contactName,
      message: s.message,
      served: { at: new Date(s.servedAt).toISOString(), sha256: s.documentSha256 },
      answer: answer
        ? {
            decision: answer.decision,
            // An answer the agreement deemed given has no words of the employer: its line's.
            text: answer.line ? lineTextIn(language)(answer.line) : answer.text,
            at: new Date(answer.createdAt).toISOString(),
          }
        : null,
    };
  });
}

/** The served PDF's storage key, for GET /api/respond/:token/document.pdf. */
export async function servedDocument(db: DB, token: string, now: Date) {
  const found = await serviceOfToken(db, token);
  if (!found) throw linkNotFound();
  return withTenant(db, found.organizationId, async (trx) => {
    const open = await openService(trx, found.organizationId, found.id, now);
    if (!open) throw linkNotFound();
    return { key: open.s.documentKey, grievanceId: open.g.id };
  });
}

/**
 * POST /api/respond/:token: the employer's answer becomes the step's answer through the very
 * path of POST /api/grievances/:id/response (recordResponse: the clock stops, the appeal
 * deadline opens, the log, live event and grievant's mail follow). In the same transaction:
 * the service is stamped answered, the files attached, and the assignee (or, with nobody
 * assigned, the admins) mailed. A second answer is refused (409) by recordResponse itself.
 */
export async function answerService(
  a: { db: DB; appUrl: string; now: Date },
  token: string,
  input: TRespondInput,
  files: ServedFile[],
): Promise<void> {
  const { db, now, appUrl } = a;
  const found = await serviceOfToken(db, token);
  if (!found) throw linkNotFound();
  const org = found.organizationId;
  const first = await withTenant(db, org, (trx) => openService(trx, org, found.id, now));
  if (!first) throw linkNotFound();
  const { s } = first;
  const procedure = await loadProcedure(db, org);
  const ctx: ActionContext = {
    db,
    // The link stands in for a steward of the organization: it may answer this grievance only.
    tenant: { organizationId: org, userId: "", role: "steward", requireTwoFactor: false },
    actor: employerActor(s.contactName),
    now,
    appUrl,
  };
  await recordResponse(
    ctx,
    s.grievanceId,
    {
      receivedOn: todayIn(procedure.timeZone, now),
      decision: input.decision,
      text: input.text,
    },
    async (trx, g) => {
      // Re-checked under the grievance's lock: the step may have closed since.
      const still = await openService(trx, org, s.id, now);
      if (!still || g.stepIndex !== s.stepIndex) throw linkNotFound();
      await trx
        .updateTable("employerServices")
        .set({ answeredAt: now })
        .where("organizationId", "=", org)
        .where("id", "=", s.id)
        .execute();
      for (const f of files) {
        await trx
          .insertInto("grievanceAttachments")
          .values({ organizationId: org, grievanceId: s.grievanceId, uploadedBy: null, ...f })
          .execute();
        await log(trx, org, s.grievanceId, ctx.actor, { kind: "attachment", text: f.name });
      }
      const appeal = await trx
        .selectFrom("grievanceDeadlines")
        .select(DEADLINE_COLUMNS)
        .where("organizationId", "=", org)
        .where(
          "id",
          "=",
          sql<string>`(SELECT next_deadline_id FROM grievances
          WHERE organization_id = ${org} AND id = ${s.grievanceId})`,
        )
        .executeTakeFirst();
      const to = g.assigneeId
        ? await trx
            .selectFrom("users")
            .select(["email", "language"])
            .where("id", "=", g.assigneeId)
            .execute()
        : await trx
            .selectFrom("memberships as m")
            .innerJoin("users as u", "u.id", "m.userId")
            .select(["u.email", "u.language"])
            .where("m.organizationId", "=", org)
            .where("m.role", "=", "admin")
            .execute();
      for (const { email, language } of to) {
        const mail = answeredMail({
          grievanceId: s.grievanceId,
          subject: still.g.subject,
          stepName: s.stepName,
          contactName: s.contactName,
          decision: input.decision,
          appeal:
            appeal?.kind === "appeal"
              ? { stepName: appeal.stepName, dueDate: appeal.dueDate }
              : null,
          url: `${appUrl}/grievances/${s.grievanceId}`,
          language: asLanguage(language),
        });
        await enqueueMail(trx, { to: email, ...mail });
      }
    },
  );
}
