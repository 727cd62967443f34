import type { Logger } from "pino";
import type { DB } from "./db/connection.ts";
import { type DailyBackupOptions, dailyBackupJob } from "./lib/backup/daily.ts";
import { type Scheduler, startScheduler } from "./lib/jobs/scheduler.ts";
import type { Storage } from "./lib/storage/storage.ts";
import type { WorkerPool } from "./lib/workers/pool.ts";
import { trialNoticeJob } from "./modules/billing/trial-notices.ts";
import { deadlineReminderJob } from "./modules/deadlines/reminders.ts";
import { runWaitingExports, sweepExpiredExports } from "./modules/exports/index.ts";
import { markMissedDeadlines } from "./modules/grievances/missed-deadlines.ts";
import { informationReminderJob } from "./modules/information-requests/index.ts";

/**
 * The server's recurring jobs, across organizations, inside the server (no cron on the host;
 * docs/decisions/019). Each claims its work in PostgreSQL, so any number of instances may run
 * them.
 */
export function startJobs(options: {
  db: DB;
  /** Where exports are written; without it (tests of other jobs) there is no export job. */
  storage?: Storage;
  /** The case-file workers the exports make their case files in; with storage. */
  caseFiles?: WorkerPool;
  appUrl: string;
  log: Logger;
  now?: () => Date;
  timers?: boolean;
  /** The embedded database's daily backup; absent with an external database. */
  backup?: DailyBackupOptions;
  onRun?: (job: string, ok: boolean, seconds: number) => void;
  /** Off when billing is off: there are no trials to end. */
  trialNotices?: boolean;
}): Scheduler {
  const { db, storage, caseFiles, appUrl, backup, trialNotices = true, ...rest } = options;
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
      // Organization exports (issue 32): started when asked; this takes up one whose instance
      // stopped (its lease ran out) and deletes the files of expired ones.
      ...(storage && caseFiles
        ? [
            {
              name: "organization-exports",
              everyMs: 60 * 1000,
              run: async () =>
                (await runWaitingExports({
                  db,
                  storage,
                  caseFiles,
                  appUrl,
                  log: rest.log,
                  now: rest.now,
                })) + (await sweepExpiredExports({ db, storage, log: rest.log })),
            },
          ]
        : []),
      ...(backup ? [dailyBackupJob(backup)] : []),
    ],
    ...rest,
  });
}
