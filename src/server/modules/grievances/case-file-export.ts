import type { DB } from "../../db/connection.ts";
import type { Language } from "../../lib/i18n/index.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import type { WorkerPool } from "../../lib/workers/pool.ts";
import type { Tenant } from "../../plugins/access.ts";
import { caseFileChunks } from "./case-file.ts";
import { caseFileSources } from "./case-file-sources.ts";
import { grievanceDetail } from "./detail.ts";

/**
 * One grievance's case file as the union reads it, internal notes included (the organization
 * export, product-decisions.md 38): the same builder as the download, asked for by one call so
 * that where it runs (this thread or a worker) stays this module's business.
 */
export async function* caseFilePdf(options: {
  db: DB;
  storage: Storage;
  /** The case-file workers (caseFilePool): the export makes its case files there too. */
  caseFiles: WorkerPool;
  /** An admin of the organization: sees every grievance and its internal notes. */
  tenant: Tenant;
  grievanceId: string;
  at: Date;
  language: Language;
}): AsyncGenerator<Uint8Array> {
  const { db, storage, caseFiles, tenant, grievanceId, at, language } = options;
  const grievance = await grievanceDetail(db, tenant, grievanceId, at);
  const { organizationName, timeZone, attachments } = await caseFileSources(
    db,
    storage,
    tenant.organizationId,
    grievanceId,
  );
  yield* caseFileChunks(caseFiles, {
    organizationId: tenant.organizationId,
    organizationName,
    grievance,
    attachments,
    internal: true,
    generatedAt: at,
    language,
    timeZone,
  });
}
