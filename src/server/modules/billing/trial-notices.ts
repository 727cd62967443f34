import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../db/connection.ts";
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
    const { rows } = await sql<DueNotice>`SELECT * FROM claim_trial_notices()`.execute(trx);
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

export interface TrialNoticeJob {
  stop(): Promise<void>;
}

/** Runs `sendTrialNotices` at start and then every `everyMs` (an hour by default). */
export function startTrialNoticeJob(options: {
  db: DB;
  appUrl: string;
  log: Logger;
  everyMs?: number;
}): TrialNoticeJob {
  const { db, appUrl, log, everyMs = 60 * 60 * 1000 } = options;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sendTrialNotices(db, appUrl)
      .then((count) => {
        if (count > 0) log.info({ count }, "trial notices mailed");
      })
      .catch((error) => log.error({ err: error }, "trial notices failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
