import { sql } from "kysely";
import type { TenantTx } from "../../db/tenant.ts";

/** The dashboard's Documents and Announcements cards: real counts (DECISIONS.md 19). */
export async function libraryCounts(trx: TenantTx, organizationId: string) {
  const { rows } = await sql<{ documents: string; announcements: string }>`
    SELECT (SELECT count(*) FROM documents WHERE organization_id = ${organizationId}) AS documents,
           (SELECT count(*) FROM announcements WHERE organization_id = ${organizationId}) AS announcements`.execute(
    trx,
  );
  return {
    documents: Number(rows[0]?.documents ?? 0),
    announcements: Number(rows[0]?.announcements ?? 0),
  };
}
