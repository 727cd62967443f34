import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
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
    // A set-returning SECURITY DEFINER function (migration 0008): the builder cannot name it.
    const rows = await trx
      .selectFrom(sql<DueNotice>`claim_trial_notices()`.as("notice"))
      .selectAll()
      .execute();
    for (const notice of rows) {
      const mail = billingMail(
        notice.kind === "ending" ? "trial_will_end" : "trial_ended",
        notice.organizationName,
        new Date(notice.trialEndsAt),
        `${appUrl}/settings/billing`,
      );
      for (const to of notice.adminEmails) await enqueueMail(trx, { to, ...mail });
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
