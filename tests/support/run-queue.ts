import { existsSync, readFileSync } from "node:fs";

/**
 * How long this process's main thread has waited, ready to run, for a core (ms): the second
 * field of Linux's /proc/<pid>/task/<tid>/schedstat. Other processes on a busy machine (CI's
 * other test workers) make a timed reply late by that much without the server doing anything
 * wrong; the server blocking its own event loop is time ON a core, which this leaves out.
 * 0 where the kernel does not keep it (then nothing is excused).
 */
export function mainThreadRunQueueWaitMs(): number {
  const file = `/proc/self/task/${process.pid}/schedstat`;
  if (!existsSync(file)) return 0;
  const waitedNs = Number(readFileSync(file, "utf8").split(" ")[1]);
  return Number.isFinite(waitedNs) ? waitedNs / 1e6 : 0;
}
