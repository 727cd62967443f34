import { parentPort } from "node:worker_threads";

/** What a task handler answers: the result, and the buffers to hand over rather than copy. */
export interface TaskResult<T> {
  result: T;
  transfer?: ArrayBuffer[];
}

/**
 * The worker's side of lib/workers/pool.ts: each `{ id, task }` is handled one at a time and
 * answered `{ id, ok: true, result }` or `{ id, ok: false, message }`. An error thrown by the
 * handler is an answer; only a crash, the memory limit or the pool's time limit ends the worker.
 */
export function serveTasks<M, T>(handle: (task: M) => Promise<TaskResult<T>>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread.");
  port.on("message", async ({ id, task }: { id: number; task: M }) => {
    try {
      const { result, transfer } = await handle(task);
      port.postMessage({ id, ok: true, result }, transfer ?? []);
    } catch (error) {
      port.postMessage({ id, ok: false, message: (error as Error)?.message ?? String(error) });
    }
  });
}
