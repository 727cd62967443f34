import { Worker } from "node:worker_threads";

/**
 * A small pool of worker threads for heavy rendering (issue 28: the case file decoded images
 * and merged PDFs on the request thread, and /api/health waited 6.6 s for everyone):
 *
 * - a fixed number of workers, each with a V8 memory limit (`resourceLimits`), started when
 *   first needed and stopped after a minute idle;
 * - each task has a time limit: a worker that runs over it is terminated, one that runs out of
 *   memory or dies is replaced, and the task fails with `WorkerFailed` (the caller decides what
 *   that means: an attachment 'could not be read');
 * - jobs (a case file: several tasks, one after another) are admitted per organization: at most
 *   `perOrganization` at once and `queuePerOrganization` waiting; more is refused with
 *   `PoolFull` (the route answers 429 with Retry-After). Waiting tasks are taken round-robin across organizations, so one
 *   organization's queue never stands in front of another's.
 *
 * The worker module answers `{ id, ok, result }` or `{ id, ok: false, message }` to each
 * `{ id, task }` (see `serveTasks` in ./serve-tasks.ts).
 */
export interface PoolOptions {
  /** The worker's module: its TypeScript source under tsx/vitest, the built file in production. */
  entry: URL;
  workers: number;
  /** V8 heap (old generation) per worker, in MB. */
  memoryMb: number;
  taskTimeoutMs: number;
  perOrganization: number;
  queuePerOrganization: number;
  idleMs?: number;
  /** Where a worker's end (time, memory, crash) is logged. */
  log?: { warn(details: object, message: string): void };
}

export class WorkerFailed extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "crashed" | "error",
    message: string,
  ) {
    super(message);
  }
}

/** An organization's queue is full: the caller answers 429 with Retry-After. */
export class PoolFull extends Error {}

interface Task {
  organizationId: string;
  message: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

/** A job's right to run tasks; `release()` when it is over (a finally). */
export interface Lease {
  run<T>(message: unknown, transfer?: ArrayBuffer[]): Promise<T>;
  /** Each task's time limit. */
  timeoutMs: number;
  release(): void;
}

let nextId = 1;

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  /** Waiting tasks per organization, in the order organizations take turns. */
  private readonly waiting = new Map<string, Task[]>();
  private readonly jobs = new Map<string, { running: number; queue: (() => void)[] }>();
  /** When each organization last had a task started (the turn goes to the longest waiting). */
  private readonly served = new Map<string, number>();
  private tick = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Workers alive now (for tests and the log). */
  get size() {
    return this.slots.size;
  }

  /**
   * Admits one job of the organization: at once when it has fewer than `perOrganization`
   * running, after a wait when its queue has room, else a 429.
   */
  async admit(organizationId: string): Promise<Lease> {
    if (this.closed) throw new WorkerFailed("error", "The pool is closed.");
    let state = this.jobs.get(organizationId);
    if (!state) {
      state = { running: 0, queue: [] };
      this.jobs.set(organizationId, state);
    }
    const s = state;
    if (s.running >= this.options.perOrganization) {
      if (s.queue.length >= this.options.queuePerOrganization)
        throw new PoolFull("The organization's queue is full.");
      await new Promise<void>((resolve) => s.queue.push(resolve));
    } else {
      s.running += 1;
    }
    let released = false;
    return {
      run: <T>(message: unknown, transfer: ArrayBuffer[] = []) =>
        this.submit<T>(organizationId, message, transfer),
      timeoutMs: this.options.taskTimeoutMs,
      release: () => {
        if (released) return;
        released = true;
        const next = s.queue.shift();
        // The turn passes to a waiting job of the organization (it keeps the running count).
        if (next) next();
        else {
          s.running -= 1;
          if (s.running === 0) {
            this.jobs.delete(organizationId);
            this.served.delete(organizationId);
          }
        }
      },
    };
  }

  private submit<T>(organizationId: string, message: unknown, transfer: ArrayBuffer[]) {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) {
        reject(new WorkerFailed("error", "The pool is closed."));
        return;
      }
      const queue = this.waiting.get(organizationId) ?? [];
      queue.push({
        organizationId,
        message,
        transfer,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.waiting.set(organizationId, queue);
      this.pump();
    });
  }

  /** The next waiting task: of the organization whose last task started longest ago. */
  private take(): Task | undefined {
    let next: string | undefined;
    for (const organizationId of this.waiting.keys()) {
      if (
        next === undefined ||
        (this.served.get(organizationId) ?? 0) < (this.served.get(next) ?? 0)
      )
        next = organizationId;
    }
    if (next === undefined) return undefined;
    const queue = this.waiting.get(next) ?? [];
    const task = queue.shift();
    if (queue.length === 0) this.waiting.delete(next);
    this.served.set(next, ++this.tick);
    return task;
  }

  private pump() {
    while (this.waiting.size > 0) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot && this.slots.size < this.options.workers) slot = this.spawn();
      if (!slot) return;
      const task = this.take();
      if (!task) return;
      this.start(slot, task);
    }
  }

  private spawn(): Slot {
    const { entry, memoryMb } = this.options;
    const resourceLimits = {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(memoryMb / 8))),
      stackSizeMb: 4,
    };
    // TypeScript sources (tsx, vitest) go through tsx's loader, registered in the worker first.
    const worker = entry.pathname.endsWith(".ts")
      ? new Worker(new URL("./tsx-bootstrap.mjs", import.meta.url), {
          workerData: { entry: entry.href },
          resourceLimits,
        })
      : new Worker(entry, { resourceLimits });
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null, idle: null };
    worker.on("message", (reply: { id: number; ok: boolean; result?: unknown; message?: string }) =>
      this.finish(slot, reply),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      this.fail(
        slot,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new WorkerFailed("memory", "The worker ran out of memory.")
          : new WorkerFailed("crashed", error.message),
      ),
    );
    worker.on("exit", () =>
      this.fail(slot, new WorkerFailed("crashed", "The worker stopped unexpectedly.")),
    );
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, task: Task) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.task = task;
    const id = nextId++;
    (task as Task & { id: number }).id = id;
    slot.timer = setTimeout(() => {
      this.fail(slot, new WorkerFailed("timeout", "The task took too long."));
    }, this.options.taskTimeoutMs);
    slot.worker.postMessage({ id, task: task.message }, task.transfer);
  }

  private finish(
    slot: Slot,
    reply: { id: number; ok: boolean; result?: unknown; message?: string },
  ) {
    const task = slot.task as (Task & { id: number }) | null;
    if (!task || task.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new WorkerFailed("error", reply.message ?? "The task failed."));
    slot.idle = setTimeout(() => this.retire(slot), this.options.idleMs ?? 60_000);
    slot.idle.unref();
    this.pump();
  }

  /** The worker is ended (over time, out of memory, dead): its task fails, a new one may start. */
  private fail(slot: Slot, error: WorkerFailed) {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    this.options.log?.warn({ reason: error.reason, detail: error.message }, "worker ended");
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.worker.removeAllListeners("exit");
    slot.worker.removeAllListeners("message");
    void slot.worker.terminate().catch(() => undefined);
    slot.task?.reject(error);
    slot.task = null;
    this.pump();
  }

  private retire(slot: Slot) {
    if (slot.task || !this.slots.has(slot)) return;
    this.slots.delete(slot);
    slot.worker.removeAllListeners();
    slot.worker.on("error", () => undefined);
    void slot.worker.terminate().catch(() => undefined);
  }

  /** Ends every worker; waiting and running tasks fail, waiting jobs are let in to fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.jobs.values()) for (const admit of state.queue.splice(0)) admit();
    for (const queue of this.waiting.values())
      for (const task of queue) task.reject(new WorkerFailed("error", "The pool is closed."));
    this.waiting.clear();
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(
      slots.map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        if (slot.idle) clearTimeout(slot.idle);
        slot.worker.removeAllListeners();
        slot.worker.on("error", () => undefined);
        slot.task?.reject(new WorkerFailed("error", "The pool is closed."));
        await slot.worker.terminate().catch(() => undefined);
      }),
    );
  }
}
