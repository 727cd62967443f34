import { randomBytes } from "node:crypto";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { type Actor, log } from "./event-log.ts";
import { visibilityOf } from "./lock.ts";
import { notify } from "./notify.ts";
import { findVisible } from "./repo.ts";

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
