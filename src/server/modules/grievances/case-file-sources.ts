import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { getOrganization } from "../organizations/repo.ts";
import { type CaseFileAttachment, readAll } from "./case-file.ts";

/**
 * What a case file is built from besides the grievance: the organization's name and every
 * attachment with its bytes, oldest first. The download (outcome-routes.ts) and the copy
 * served on the employer (modules/employer) read the same.
 */
export async function caseFileSources(
  db: DB,
  storage: Storage,
  organizationId: string,
  grievanceId: string,
): Promise<{ organizationName: string; attachments: CaseFileAttachment[] }> {
  const { files, organization } = await withTenant(db, organizationId, async (trx) => ({
    files: await trx
      .selectFrom("grievanceAttachments")
      .select(["name", "contentType", "size", "storageKey", "createdAt"])
      .where("organizationId", "=", organizationId)
      .where("grievanceId", "=", grievanceId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    organization: await getOrganization(trx, organizationId),
  }));
  const attachments = await Promise.all(
    files.map(async (f) => {
      const stored = await storage.get(f.storageKey);
      if (!stored) throw notFound("Attachment Not Found");
      return {
        name: f.name,
        contentType: f.contentType,
        size: f.size,
        uploadedAt: new Date(f.createdAt).toISOString(),
        data: await readAll(stored.stream),
      };
    }),
  );
  return { organizationName: organization?.name ?? "", attachments };
}
