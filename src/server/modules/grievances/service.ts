import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { can } from "../../../shared/permissions.ts";
import {
  canMoveTo,
  describeEvent,
  GrievanceMessages,
  type TGrievance,
  type TGrievanceInput,
  type TStatusChange,
} from "../../../shared/schemas/grievances.ts";
import type { DB } from "../../db/connection.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { CHANNEL, type GrievanceEvent } from "../../lib/events/hub.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { grievanceUpdateMail } from "../../lib/mail/templates.ts";
import type { Tenant } from "../../plugins/access.ts";
import { getConfig } from "../organizations/service.ts";
import { findVisible, nextGrievanceId, type Visibility } from "./repo.ts";
import { summary } from "./summary.ts";

export const visibilityOf = (tenant: Tenant): Visibility => ({
  organizationId: tenant.organizationId,
  userId: tenant.userId,
  seesAll: can(tenant.role, "view:all_grievances"),
});

interface Actor {
  id: string;
  name: string;
  role: string;
}

/** Tells every server instance's live streams, at commit (NOTIFY is transactional). */
async function notify(trx: TenantTx, event: GrievanceEvent) {
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
}

async function log(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  actor: Actor | null,
  entry: {
    kind: "filed" | "status" | "comment" | "attachment";
    status?: GrievanceStatus;
    text?: string | null;
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
    })
    .execute();
}

/** Files a grievance: status new, the next id, and the first log entry from System. */
export async function fileGrievance(db: DB, tenant: Tenant, input: Required<TGrievanceInput>) {
  const config = await getConfig(db, tenant.organizationId);
  const fields: Record<string, string> = {};
  if (!config.jobTitles.includes(input.jobTitle))
    fields.jobTitle = GrievanceMessages.notInList.jobTitle;
  if (!config.departments.includes(input.department))
    fields.department = GrievanceMessages.notInList.department;
  if (!config.locations.includes(input.location))
    fields.location = GrievanceMessages.notInList.location;
  const first = Object.values(fields)[0];
  if (first) throw new AppError(400, "VALIDATION_FAILED", first, fields);

  return withTenant(db, tenant.organizationId, async (trx) => {
    const id = await nextGrievanceId(trx, tenant.organizationId, new Date().getUTCFullYear());
    await trx
      .insertInto("grievances")
      .values({
        organizationId: tenant.organizationId,
        id,
        submittedBy: tenant.userId,
        ...input,
        filedAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    await log(trx, tenant.organizationId, id, null, {
      kind: "filed",
      text: `Grievance filed by ${input.name}.`,
    });
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: tenant.userId,
      kind: "filed",
    });
    return id;
  });
}

const ACTION: Record<TStatusChange["status"], string> = {
  pending: "marked as pending",
  escalated: "escalated",
  resolved: "resolved",
};

/** Status changes follow DECISIONS.md 18 on the server; the right permission per target status. */
export async function changeStatus(
  db: DB,
  tenant: Tenant,
  actor: Actor,
  id: string,
  change: TStatusChange,
  appUrl: string,
) {
  const needed =
    change.status === "escalated"
      ? "escalate:grievance"
      : change.status === "resolved"
        ? "resolve:grievance"
        : "update:grievance";
  if (!can(tenant.role, needed)) throw forbidden();
  const v = visibilityOf(tenant);
  const notice = await withTenant(db, tenant.organizationId, async (trx) => {
    const grievance = await trx
      .selectFrom("grievances")
      .select(["id", "status", "submittedBy", "name"])
      .where("organizationId", "=", tenant.organizationId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!grievance || !(await findVisible(trx, v, id))) throw notFound("Grievance Not Found");
    if (!canMoveTo(grievance.status, change.status)) {
      throw new AppError(
        409,
        "CONFLICT",
        `A grievance that is ${grievance.status} cannot be ${ACTION[change.status]}.`,
      );
    }
    await trx
      .updateTable("grievances")
      .set({ status: change.status, updatedAt: new Date() })
      .where("organizationId", "=", tenant.organizationId)
      .where("id", "=", id)
      .execute();
    await log(trx, tenant.organizationId, id, actor, {
      kind: "status",
      status: change.status,
      text: change.note || null,
    });
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: grievance.submittedBy,
      kind: "status",
    });
    return grievance;
  });
  await tellSubmitter(
    db,
    notice.submittedBy,
    actor.id,
    id,
    describeEvent({ kind: "status", status: change.status, text: change.note || null }),
    appUrl,
  );
}

/** Comments: stewards and admins on any grievance, a member only on one they filed. */
export async function addComment(
  db: DB,
  tenant: Tenant,
  actor: Actor,
  id: string,
  text: string,
  appUrl: string,
) {
  const v = visibilityOf(tenant);
  const grievance = await withTenant(db, tenant.organizationId, async (trx) => {
    const found = await findVisible(trx, v, id);
    if (!found) throw notFound("Grievance Not Found");
    await log(trx, tenant.organizationId, id, actor, { kind: "comment", text });
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
      kind: "comment",
    });
    return found;
  });
  await tellSubmitter(db, grievance.submittedBy, actor.id, id, `Comment: ${text}`, appUrl);
}

/** The submitter hears by email about changes made by someone else. */
async function tellSubmitter(
  db: DB,
  submittedBy: string | null,
  actorId: string,
  grievanceId: string,
  what: string,
  appUrl: string,
) {
  if (!submittedBy || submittedBy === actorId) return;
  const user = await db
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", submittedBy)
    .executeTakeFirst();
  if (!user) return;
  await enqueueMail(db, {
    to: user.email,
    ...grievanceUpdateMail(user.name, grievanceId, what, `${appUrl}/grievances/${grievanceId}`),
  });
}

export async function grievanceDetail(db: DB, tenant: Tenant, id: string): Promise<TGrievance> {
  const v = visibilityOf(tenant);
  return withTenant(db, tenant.organizationId, async (trx) => {
    const g = await findVisible(trx, v, id);
    if (!g) throw notFound("Grievance Not Found");
    const [log, files] = await Promise.all([
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
    ]);
    return {
      ...summary(g),
      description: g.description,
      remedy: g.remedy,
      submittedByMe: g.submittedBy === tenant.userId,
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
        action: describeEvent(e),
      })),
    };
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
