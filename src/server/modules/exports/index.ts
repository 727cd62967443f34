/** What the server's scheduler uses of exports: the job that runs waiting ones and sweeps old ones. */
export { runWaitingExports, sweepExpiredExports } from "./job.ts";
