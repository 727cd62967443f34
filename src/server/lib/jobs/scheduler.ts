import type { Logger } from "pino";

/** One recurring job: `run` gets the scheduler's clock reading and says how much it did. */
export interface Job {
  name: string;
  everyMs: number;
  run(at: Date): Promise<number>;
}

export interface Scheduler {
  /** Runs one job (or every job) now, at the clock's time; resolves with what it did. */
  runNow(name?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs each job at start and then every `everyMs`, never two runs of one job at once in this
 * instance. Several instances may run the same job: each job claims its work in PostgreSQL
 * (a unique row or a marked column in the transaction that queues the mail), so a second
 * instance finds nothing left. The clock is injectable: tests drive it, the server reads the
 * real time.
 */
export function startScheduler(options: {
  jobs: Job[];
  log: Logger;
  now?: () => Date;
  /** Tests run jobs by hand only. */
  timers?: boolean;
  /** Told of each run (metrics: runs, failures, durations). */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
}): Scheduler {
  const { jobs, log, now = () => new Date(), timers = true, onRun } = options;
  const running = new Map<string, Promise<number>>();
  let stopped = false;

  function run(job: Job): Promise<number> {
    const current = running.get(job.name);
    if (current) return current;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const next = job
      .run(now())
      .then((count) => {
        if (count > 0) log.info({ job: job.name, count }, "job done");
        onRun?.(job.name, true, seconds());
        return count;
      })
      .catch((error) => {
        log.error({ err: error, job: job.name }, "job failed");
        onRun?.(job.name, false, seconds());
        return 0;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, next);
    return next;
  }

  const handles = timers
    ? jobs.map((job) => {
        const handle = setInterval(() => {
          if (!stopped) void run(job);
        }, job.everyMs);
        handle.unref();
        void run(job);
        return handle;
      })
    : [];

  return {
    async runNow(name) {
      const chosen = jobs.filter((j) => name === undefined || j.name === name);
      if (chosen.length === 0) throw new Error(`no job named ${name}`);
      let total = 0;
      for (const job of chosen) total += await run(job);
      return total;
    },
    async stop() {
      stopped = true;
      for (const handle of handles) clearInterval(handle);
      await Promise.all(running.values());
    },
  };
}
