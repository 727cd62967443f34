import { type Insertable, sql } from "kysely";
import type { DocumentCategory } from "../../../shared/schemas/documents.ts";
import type { DocumentsTable } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, containsPattern, timestampSortKey } from "../../lib/pagination.ts";

/** Document queries; every one is scoped to the organization (and RLS checks it again). */

export type NewDocumentRow = Omit<Insertable<DocumentsTable>, "id" | "createdAt" | "updatedAt">;

export interface DocumentFilter {
  q?: string;
  /** "" (or none): every category. */
  category?: DocumentCategory | "";
}

function selectDocuments(trx: TenantTx, organizationId: string, filter: DocumentFilter) {
  let query = trx
    .selectFrom("documents as d")
    .leftJoin("users as u", "u.id", "d.uploadedBy")
    .where("d.organizationId", "=", organizationId);
  if (filter.q) query = query.where("d.name", "ilike", containsPattern(filter.q));
  if (filter.category) query = query.where("d.category", "=", filter.category);
  return query;
}

const COLUMNS = [
  "d.id",
  "d.name",
  "d.category",
  "d.fileType",
  "d.contentType",
  "d.size",
  "d.storageKey",
  "d.uploadedBy",
  "u.name as uploaderName",
  "d.createdAt",
  "d.updatedAt",
] as const;

export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/** Newest first (by last update, then id), `limit + 1` rows after the cursor. */
export function listDocumentRows(
  trx: TenantTx,
  organizationId: string,
  filter: DocumentFilter,
  limit: number,
  cursor: Cursor | null,
) {
  let query = selectDocuments(trx, organizationId, filter)
    .select(COLUMNS)
    .select(timestampSortKey("d.updated_at").as("sortKey"));
  if (cursor) {
    query = query.where(
      sql<boolean>`(d.updated_at, d.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return query
    .orderBy("d.updatedAt", "desc")
    .orderBy("d.id", "desc")
    .limit(limit + 1)
    .execute();
}

export async function countMatchingDocuments(
  trx: TenantTx,
  organizationId: string,
  filter: DocumentFilter,
): Promise<number> {
  const row = await selectDocuments(trx, organizationId, filter)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many documents the organization's library holds (the dashboard's Documents card). */
export const countDocuments = (trx: TenantTx, organizationId: string) =>
  countMatchingDocuments(trx, organizationId, {});

export function findDocument(trx: TenantTx, organizationId: string, id: string) {
  return selectDocuments(trx, organizationId, {})
    .select(COLUMNS)
    .where("d.id", "=", id)
    .executeTakeFirst();
}

export function insertDocument(trx: TenantTx, row: NewDocumentRow) {
  return trx.insertInto("documents").values(row).returning("id").executeTakeFirstOrThrow();
}

/** Deletes the row; answers its storage key, or undefined when there was none. */
export async function deleteDocumentRow(
  trx: TenantTx,
  organizationId: string,
  id: string,
): Promise<string | undefined> {
  const row = await trx
    .deleteFrom("documents")
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .returning("storageKey")
    .executeTakeFirst();
  return row?.storageKey;
}
