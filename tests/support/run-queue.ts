import { readFileSync } from "node:fs";

/**
 * How long Linux threads have waited, ready to run, for a core (ms): the second field of
 * /proc/<pid>/task/<tid>/schedstat, summed. Other processes on a busy machine (CI's other test
 * workers) make a timed reply late by that much without the server doing anything wrong; the
 * server blocking its own event loop is time ON a core, which this leaves out. A thread that
 * is gone or a kernel that keeps no schedstat counts 0 (then nothing is excused).
 */
export function runQueueWaitMs(tasks: { pid: number; tid?: number }[]): number {
  let waitedNs = 0;
  for (const { pid, tid = pid } of tasks) {
    try {
      const n = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[1]);
      if (Number.isFinite(n)) waitedNs += n;
    } catch {
      // The backend closed, or no schedstat here.
    }
  }
  return waitedNs / 1e6;
}

/** This process's main thread: the request thread of an app under test in it. */
export const requestThread = { pid: process.pid };

/** How long a thread has run on a core (ms): schedstat's first field; 0 where unknown. */
export function onCpuMs({ pid, tid = pid }: { pid: number; tid?: number }): number {
  try {
    const n = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return Number.isFinite(n) ? n / 1e6 : 0;
  } catch {
    return 0;
  }
}
