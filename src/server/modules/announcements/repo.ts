import { sql } from "kysely";
import type { AnnouncementCategory } from "../../../shared/schemas/announcements.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { type Cursor, timestampSortKey } from "../../lib/pagination.ts";

/** Announcement queries; every one is scoped to the organization (and RLS checks it again). */

export interface NewAnnouncementRow {
  organizationId: string;
  title: string;
  content: string;
  category: AnnouncementCategory;
  authorId: string | null;
}

function selectAnnouncements(trx: TenantTx, organizationId: string) {
  return trx
    .selectFrom("announcements as a")
    .leftJoin("users as u", "u.id", "a.authorId")
    .where("a.organizationId", "=", organizationId);
}

const COLUMNS = [
  "a.id",
  "a.title",
  "a.content",
  "a.category",
  "a.authorId",
  "u.name as authorName",
  "a.createdAt",
  "a.updatedAt",
] as const;

export type AnnouncementRow = NonNullable<Awaited<ReturnType<typeof findAnnouncement>>>;

/** Newest first (by posting time, then id), `limit + 1` rows after the cursor. */
export function listAnnouncementRows(
  trx: TenantTx,
  organizationId: string,
  limit: number,
  cursor: Cursor | null,
) {
  let query = selectAnnouncements(trx, organizationId)
    .select(COLUMNS)
    .select(timestampSortKey("a.created_at").as("sortKey"));
  if (cursor) {
    query = query.where(
      sql<boolean>`(a.created_at, a.id) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return query
    .orderBy("a.createdAt", "desc")
    .orderBy("a.id", "desc")
    .limit(limit + 1)
    .execute();
}

/** How many announcements the organization has posted (the dashboard's Announcements card). */
export async function countAnnouncements(trx: TenantTx, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom("announcements")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("organizationId", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findAnnouncement(trx: TenantTx, organizationId: string, id: string) {
  return selectAnnouncements(trx, organizationId)
    .select(COLUMNS)
    .where("a.id", "=", id)
    .executeTakeFirst();
}

export function insertAnnouncement(trx: TenantTx, row: NewAnnouncementRow) {
  return trx.insertInto("announcements").values(row).returning("id").executeTakeFirstOrThrow();
}

export async function updateAnnouncementRow(
  trx: TenantTx,
  organizationId: string,
  id: string,
  changes: { title?: string; content?: string; category?: AnnouncementCategory },
): Promise<boolean> {
  const result = await trx
    .updateTable("announcements")
    .set({ ...changes, updatedAt: sql<Date>`now()` })
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAnnouncementRow(
  trx: TenantTx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom("announcements")
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everyone in the organization but `exceptUserId`, with their email (for the announcement mail). */
export function memberEmails(trx: TenantTx, organizationId: string, exceptUserId: string | null) {
  let query = trx
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["u.id", "u.email", "u.name", "u.language"])
    .where("m.organizationId", "=", organizationId);
  if (exceptUserId) query = query.where("m.userId", "!=", exceptUserId);
  return query.orderBy("u.id").execute();
}
