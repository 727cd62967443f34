import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import type { Job } from "../../lib/jobs/scheduler.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { billingMail } from "./mail.ts";

interface DueNotice {
  organizationId: string;
  kind: "ending" | "ended";
  organizationName: string;
  trialEndsAt: Date;
  adminEmails: string[];
}

/**
 * Mails the admins of every no-card trial that ends within three days or has just ended.
 * Claim and mails share one transaction: a crash in between sends nothing and marks nothing.
 * Returns how many notices were claimed.
 */
export async function sendTrialNotices(db: DB, appUrl: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // A set-returning SECURITY DEFINER function (db/functions.sql): the builder cannot name it.
    // Each admin's language rides along, in the order of their addresses.
    const rows = await trx
      .selectFrom(sql<DueNotice>`claim_trial_notices()`.as("notice"))
      .selectAll()
      .select(
        sql<string[]>`ARRAY(SELECT coalesce(u.language, 'en')
          FROM unnest(notice.admin_emails) WITH ORDINALITY AS a(email, n)
          LEFT JOIN users u ON u.email = a.email ORDER BY a.n)`.as("adminLanguages"),
      )
      .execute();
    for (const notice of rows) {
      for (const [i, to] of notice.adminEmails.entries()) {
        const mail = billingMail(
          notice.kind === "ending" ? "trial_will_end" : "trial_ended",
          notice.organizationName,
          new Date(notice.trialEndsAt),
          `${appUrl}/settings/billing`,
          asLanguage(notice.adminLanguages[i]),
        );
        await enqueueMail(trx, { to, ...mail });
      }
    }
    return rows.length;
  });
}

/** Hourly on the server's scheduler (src/server/jobs.ts). */
export function trialNoticeJob(db: DB, appUrl: string): Job {
  return {
    name: "trial-notices",
    everyMs: 60 * 60 * 1000,
    run: () => sendTrialNotices(db, appUrl),
  };
}
