import { createHash, randomBytes } from "node:crypto";
import { line } from "../../../shared/i18n/text-lines.ts";
import type { TServeInput, TService } from "../../../shared/schemas/employer.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import type { Language } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import type { WorkerPool } from "../../lib/workers/pool.ts";
import {
  type ActionContext,
  caseFileChunks,
  caseFileSources,
  conflict,
  forGrievant,
  grievanceDetail,
  lockGrievance,
  log,
  notify,
} from "../grievances/index.ts";
import { informationSections } from "../information-requests/index.ts";
import { dueSentence, serviceMail } from "./mail.ts";

/** product-decisions.md 29: a link lives 60 days at most (less when its step closes first). */
export const LINK_DAYS = 60;

/** 256 random bits, URL-safe; only the SHA-256 is stored, so the database cannot give it back. */
export const newResponseToken = () => randomBytes(32).toString("base64url");
export const hashResponseToken = (token: string) =>
  createHash("sha256").update(token).digest("hex");
export const sha256Hex = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The employer's answer deadline at a step, as it stands now (extended or not). */
export async function responseDeadline(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  stepIndex: number,
) {
  return trx
    .selectFrom("grievanceDeadlines")
    .select(["id", "dueDate", "state", "closedOn"])
    .where("organizationId", "=", organizationId)
    .where("grievanceId", "=", grievanceId)
    .where("kind", "=", "response")
    .where("stepIndex", "=", stepIndex)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/**
 * Serves the grievance on an employer contact at its current step (issue 20): the grievant's
 * copy of the case file (never an internal note) is built, stored as served and hashed; a new
 * link is mailed; the log reads 'Served on {name} ({email})'. Earlier services stay.
 */
export async function serveGrievance(
  /** language: the serving steward's; the mail and the served copy's labels are in it. */
  ctx: ActionContext & { storage: Storage; language: Language; caseFiles: WorkerPool },
  id: string,
  input: TServeInput,
): Promise<void> {
  const { db, tenant, storage } = ctx;
  const org = tenant.organizationId;
  // The grievance as its grievant sees it, built before the lock (PDFs take a moment).
  const asGrievant = forGrievant(await grievanceDetail(db, tenant, id, ctx.now));
  const contact = await withTenant(db, org, (trx) =>
    trx
      .selectFrom("employerContacts")
      .select(["id", "name", "title", "email"])
      .where("organizationId", "=", org)
      .where("id", "=", input.contactId)
      .executeTakeFirst(),
  );
  if (!contact) throw notFound("Contact Not Found");
  const sources = await caseFileSources(db, storage, org, id);
  // The served copy is kept whole: its bytes are what the recorded hash proves.
  const chunks: Uint8Array[] = [];
  for await (const chunk of caseFileChunks(ctx.caseFiles, {
    organizationId: org,
    organizationName: sources.organizationName,
    grievance: asGrievant,
    attachments: sources.attachments,
    internal: false,
    generatedAt: ctx.now,
    language: ctx.language,
    timeZone: sources.timeZone,
    sections: await informationSections(db, org, id, {
      now: ctx.now,
      language: ctx.language,
      internal: false,
    }),
  }))
    chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const key = `served/${org}/${randomBytes(12).toString("hex")}.pdf`;
  await storage.put(key, bytes, "application/pdf");
  const token = newResponseToken();
  try {
    await withTenant(db, org, async (trx) => {
      const g = await lockGrievance(trx, tenant, id);
      if (g.status === "resolved") throw conflict("A resolved grievance cannot be served.");
      if (g.heldOn) throw conflict("The grievance is on hold: resume it before it can be served.");
      if (g.stepIndex !== asGrievant.step.index)
        throw conflict("The grievance moved on while it was being served. Please try again.");
      const answered = await trx
        .selectFrom("grievanceAnswers")
        .select("id")
        .where("organizationId", "=", org)
        .where("grievanceId", "=", id)
        .where("stepIndex", "=", g.stepIndex)
        .executeTakeFirst();
      if (answered) throw conflict(`The employer's answer at ${g.stepName} is already recorded.`);
      const due = await responseDeadline(trx, org, id, g.stepIndex);
      const expiresAt = new Date(ctx.now.getTime() + LINK_DAYS * 24 * 3600 * 1000);
      const row = await trx
        .insertInto("employerServices")
        .values({
          organizationId: org,
          grievanceId: id,
          stepIndex: g.stepIndex,
          stepName: g.stepName,
          contactId: contact.id,
          contactName: contact.name,
          contactTitle: contact.title,
          contactEmail: contact.email,
          message: input.message ?? "",
          tokenHash: hashResponseToken(token),
          expiresAt,
          documentKey: key,
          documentSha256: sha256Hex(bytes),
          documentSize: bytes.length,
          servedBy: ctx.actor.id,
          servedByName: ctx.actor.name,
          servedAt: ctx.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const mailId = await enqueueMail(trx, {
        to: contact.email,
        ...serviceMail({
          organizationName: sources.organizationName,
          contactName: contact.name,
          grievanceId: id,
          subject: asGrievant.subject,
          stepName: g.stepName,
          dueText: dueSentence(due?.dueDate ?? null, g.stepName, ctx.language),
          message: input.message ?? "",
          url: `${ctx.appUrl}/respond/${token}`,
          language: ctx.language,
        }),
      });
      await trx
        .updateTable("employerServices")
        .set({ mailId })
        .where("organizationId", "=", org)
        .where("id", "=", row.id)
        .execute();
      await log(trx, org, id, ctx.actor, {
        kind: "service",
        line: line("served", { name: contact.name, email: contact.email }),
      });
      await notify(trx, {
        organizationId: org,
        grievanceId: id,
        submittedBy: g.submittedBy,
        kind: "service",
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Every service of a grievance, newest first, with the mail server's acceptance. */
export async function listServices(
  trx: TenantTx,
  organizationId: string,
  g: { id: string; stepIndex: number; status: string },
  now: Date,
): Promise<TService[]> {
  const rows = await trx
    .selectFrom("employerServices as s")
    .leftJoin("mailOutbox as m", "m.id", "s.mailId")
    .select([
      "s.id",
      "s.stepIndex",
      "s.stepName",
      "s.contactName",
      "s.contactTitle",
      "s.contactEmail",
      "s.message",
      "s.servedByName",
      "s.servedAt",
      "s.openedAt",
      "s.answeredAt",
      "s.expiresAt",
      "s.documentSha256",
      "m.sentAt",
      "m.status",
    ])
    .where("s.organizationId", "=", organizationId)
    .where("s.grievanceId", "=", g.id)
    .orderBy("s.servedAt", "desc")
    .orderBy("s.stepIndex", "desc")
    .orderBy("s.id", "desc")
    .execute();
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    id: r.id,
    step: { index: r.stepIndex, name: r.stepName },
    contact: { name: r.contactName, title: r.contactTitle, email: r.contactEmail },
    message: r.message,
    servedBy: r.servedByName,
    servedAt: new Date(r.servedAt).toISOString(),
    mailAcceptedAt: r.status === "sent" ? iso(r.sentAt) : null,
    openedAt: iso(r.openedAt),
    answeredAt: iso(r.answeredAt),
    expiresAt: new Date(r.expiresAt).toISOString(),
    sha256: r.documentSha256,
    active: new Date(r.expiresAt) > now && r.stepIndex === g.stepIndex && g.status !== "resolved",
  }));
}
