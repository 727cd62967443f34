import { readFileSync } from "node:fs";

/** A Linux thread: a process's main thread when `tid` is left out. */
export interface Task {
  pid: number;
  tid?: number;
}

function schedstat({ pid, tid = pid }: Task): [number, number] | null {
  try {
    const [onCpu, waited] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ");
    return [Number(onCpu) / 1e6, Number(waited) / 1e6];
  } catch {
    return null; // The thread is gone, or the kernel keeps no schedstat.
  }
}

/**
 * How long each thread has waited, ready to run, for a core (ms): the second field of
 * /proc/<pid>/task/<tid>/schedstat. Other processes on a busy machine (CI's other test
 * workers) make a timed reply late by that much without the server doing anything wrong; the
 * server blocking its own event loop is time ON a core, which this leaves out.
 */
export function runQueueWaits(tasks: Task[]): Map<string, number> {
  const waits = new Map<string, number>();
  for (const task of tasks) {
    const stat = schedstat(task);
    if (stat && Number.isFinite(stat[1])) waits.set(`${task.pid}/${task.tid ?? task.pid}`, stat[1]);
  }
  return waits;
}

/**
 * The run-queue wait between two readings, summed over the threads in both (a thread that
 * ended, or started, between them counts 0: nothing is excused that was not measured).
 */
export function waitedBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [key, then] of before) {
    const now = after.get(key);
    if (now !== undefined && now > then) ms += now - then;
  }
  return ms;
}

/** How long a thread has run on a core (ms): schedstat's first field; 0 where unknown. */
export const onCpuMs = (task: Task) => schedstat(task)?.[0] ?? 0;

/** This process's main thread: the request thread of an app under test in it. */
export const requestThread: Task = { pid: process.pid };
