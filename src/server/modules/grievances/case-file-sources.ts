import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import { type CaseFileAttachment, readAll, sha256Of } from "./case-file.ts";

/**
 * What a case file is built from besides the grievance: the organization's name, its
 * procedure's time zone (the file's times are printed in it, issue 30), and every
 * attachment, oldest first, hashed as a stream (the report lists the hashes) and read whole
 * only when its turn comes. A stored file that is gone answers 404 before anything is sent.
 * The download (outcome-routes.ts) and the copy served on the employer (modules/employer)
 * read the same.
 */
export async function caseFileSources(
  db: DB,
  storage: Storage,
  organizationId: string,
  grievanceId: string,
): Promise<{ organizationName: string; timeZone: string; attachments: CaseFileAttachment[] }> {
  const { files, organization, procedure } = await withTenant(db, organizationId, async (trx) => ({
    files: await trx
      .selectFrom("grievanceAttachments")
      .select(["name", "contentType", "size", "storageKey", "createdAt"])
      .where("organizationId", "=", organizationId)
      .where("grievanceId", "=", grievanceId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    organization: await getOrganization(trx, organizationId),
    procedure: await loadProcedure(trx, organizationId),
  }));
  const attachments: CaseFileAttachment[] = [];
  for (const f of files) {
    const stored = await storage.get(f.storageKey);
    if (!stored) throw notFound("Attachment Not Found");
    attachments.push({
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      uploadedAt: new Date(f.createdAt).toISOString(),
      sha256: await sha256Of(stored.stream),
      read: async () => {
        const again = await storage.get(f.storageKey);
        return again ? readAll(again.stream) : null;
      },
    });
  }
  return { organizationName: organization?.name ?? "", timeZone: procedure.timeZone, attachments };
}
