import { LANGUAGES } from "../../../shared/i18n/languages.ts";
import {
  type AnnouncementCategory,
  AnnouncementMessages,
  announcementTagColor,
  type TAnnouncement,
} from "../../../shared/schemas/announcements.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import { asLanguage, type Language } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import type { MailContent } from "../../lib/mail/templates.ts";
import { decodeCursor, isUuid, page } from "../../lib/pagination.ts";
import { announcementMail } from "./mail.ts";
import {
  type AnnouncementRow,
  countAnnouncements,
  deleteAnnouncementRow,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncementRows,
  memberEmails,
  updateAnnouncementRow,
} from "./repo.ts";

const iso = (d: Date | string) => new Date(d).toISOString();

function toDto(row: AnnouncementRow): TAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    tagColor: announcementTagColor(row.category),
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? "" } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function listAnnouncements(
  db: DB,
  organizationId: string,
  query: { limit: number; cursor?: string },
) {
  const cursor = decodeCursor(query.cursor);
  return withTenant(db, organizationId, async (trx) => {
    const rows = await listAnnouncementRows(trx, organizationId, query.limit, cursor);
    const { items, nextCursor } = page(rows, query.limit);
    const total = await countAnnouncements(trx, organizationId);
    return { items: items.map(toDto), nextCursor, total };
  });
}

export interface AuthorContext {
  organizationId: string;
  userId: string | null;
  /** For the link in emailed announcements. */
  appUrl: string;
}

/**
 * Posts an announcement; with `emailMembers`, one mail per member (the author excepted) goes
 * into the outbox in the same transaction, so the post and its mails stand or fall together.
 */
export async function createAnnouncement(
  db: DB,
  ctx: AuthorContext,
  input: { title: string; content: string; category: AnnouncementCategory; emailMembers?: boolean },
): Promise<{ announcement: TAnnouncement; emailed: number }> {
  return withTenant(db, ctx.organizationId, async (trx) => {
    const { id } = await insertAnnouncement(trx, {
      organizationId: ctx.organizationId,
      title: input.title,
      content: input.content,
      category: input.category,
      authorId: ctx.userId,
    });
    const row = await findAnnouncement(trx, ctx.organizationId, id);
    if (!row) throw notFound(AnnouncementMessages.notFound);
    let emailed = 0;
    if (input.emailMembers) {
      const org = await trx
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", ctx.organizationId)
        .executeTakeFirstOrThrow();
      const mailIn = (language: Language) =>
        announcementMail({
          organizationName: org.name,
          title: row.title,
          content: row.content,
          category: row.category,
          authorName: row.authorName,
          url: `${ctx.appUrl}/announcements`,
          language,
        });
      const mails = Object.fromEntries(
        LANGUAGES.map((language) => [language, mailIn(language)]),
      ) as Record<Language, MailContent>;
      for (const member of await memberEmails(trx, ctx.organizationId, ctx.userId)) {
        await enqueueMail(trx, { to: member.email, ...mails[asLanguage(member.language)] });
        emailed += 1;
      }
    }
    return { announcement: toDto(row), emailed };
  });
}

export async function updateAnnouncement(
  db: DB,
  organizationId: string,
  id: string,
  changes: { title?: string; content?: string; category?: AnnouncementCategory },
): Promise<TAnnouncement> {
  if (!isUuid(id)) throw notFound(AnnouncementMessages.notFound);
  return withTenant(db, organizationId, async (trx) => {
    if (!(await updateAnnouncementRow(trx, organizationId, id, changes))) {
      throw notFound(AnnouncementMessages.notFound);
    }
    const row = await findAnnouncement(trx, organizationId, id);
    if (!row) throw notFound(AnnouncementMessages.notFound);
    return toDto(row);
  });
}

export async function deleteAnnouncement(db: DB, organizationId: string, id: string) {
  if (!isUuid(id)) throw notFound(AnnouncementMessages.notFound);
  const deleted = await withTenant(db, organizationId, (trx) =>
    deleteAnnouncementRow(trx, organizationId, id),
  );
  if (!deleted) throw notFound(AnnouncementMessages.notFound);
}
