import { sql } from "kysely";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { CHANNEL, type GrievanceEvent } from "../../lib/events/hub.ts";
import { asLanguage, lineTextIn } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { grievanceUpdateMail } from "../../lib/mail/templates.ts";
import { grievantIds } from "./outcome-detail.ts";

/**
 * Tells every server instance's live streams, at commit (NOTIFY is transactional). The
 * grievants of a group grievance are read here, so each of them hears it (issue 19).
 */
export async function notify(trx: TenantTx, event: GrievanceEvent) {
  const grievants =
    event.grievants ??
    (
      await trx
        .selectFrom("grievanceGrievants")
        .select("userId")
        .where("organizationId", "=", event.organizationId)
        .where("grievanceId", "=", event.grievanceId)
        .execute()
    )
      .map((r) => r.userId)
      .filter((id): id is string => id !== null);
  await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ ...event, grievants })})`.execute(trx);
}

/**
 * The grievants hear by email about changes made by someone else: the submitter of an
 * individual grievance, each grievant of a group one (given the organization), nobody for a
 * policy grievance.
 */
export async function tellSubmitter(
  db: DB,
  submittedBy: string | null,
  actorId: string | null,
  grievanceId: string,
  what: TextLine,
  appUrl: string,
  organizationId?: string,
) {
  const ids = organizationId
    ? await withTenant(db, organizationId, async (trx) => {
        const g = await trx
          .selectFrom("grievances")
          .select(["id", "type", "submittedBy"])
          .where("organizationId", "=", organizationId)
          .where("id", "=", grievanceId)
          .executeTakeFirst();
        return g ? grievantIds(trx, organizationId, g) : [];
      })
    : submittedBy
      ? [submittedBy]
      : [];
  const to = ids.filter((id) => id !== actorId);
  if (to.length === 0) return;
  const users = await db
    .selectFrom("users")
    .select(["email", "name", "language"])
    .where("id", "in", to)
    .execute();
  for (const user of users) {
    // `what` is the activity log's entry: the reader gets it in their language.
    const language = asLanguage(user.language);
    await enqueueMail(db, {
      to: user.email,
      ...grievanceUpdateMail(
        user.name,
        grievanceId,
        lineTextIn(language)(what),
        `${appUrl}/grievances/${grievanceId}`,
        language,
      ),
    });
  }
}
