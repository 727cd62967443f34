import type { Logger } from "pino";
import type { DB } from "./db/connection.ts";
import { type Scheduler, startScheduler } from "./lib/jobs/scheduler.ts";
import { trialNoticeJob } from "./modules/billing/trial-notices.ts";
import { deadlineReminderJob } from "./modules/deadlines/reminders.ts";
import { markMissedDeadlines } from "./modules/grievances/missed-deadlines.ts";
import { informationReminderJob } from "./modules/information-requests/index.ts";

/**
 * The server's recurring jobs, across organizations, inside the server (no cron on the host;
 * docs/decisions/019). Each claims its work in PostgreSQL, so any number of instances may run
 * them.
 */
export function startJobs(options: {
  db: DB;
  appUrl: string;
  log: Logger;
  now?: () => Date;
  timers?: boolean;
  /** Off when billing is off: there are no trials to end. */
  trialNotices?: boolean;
}): Scheduler {
  const { db, appUrl, trialNotices = true, ...rest } = options;
  return startScheduler({
    jobs: [
      ...(trialNotices ? [trialNoticeJob(db, appUrl)] : []),
      deadlineReminderJob(db, appUrl),
      informationReminderJob(db, appUrl),
      // Every ten minutes, as issue 17 set it.
      {
        name: "missed-deadlines",
        everyMs: 10 * 60 * 1000,
        run: (at) => markMissedDeadlines(db, appUrl, at),
      },
    ],
    ...rest,
  });
}
