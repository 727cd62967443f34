import { availableParallelism } from "node:os";
import type { FastifyReply } from "fastify";
import type { Logger } from "pino";
import type { AppInstance } from "../../app.ts";
import type { DB } from "../../db/connection.ts";
import { RateLimitedError, secondsLeftInWindow } from "../../lib/errors.ts";
import { countHit } from "../../lib/hit-counter.ts";
import { WorkerPool } from "../../lib/workers/pool.ts";

/** Case files one organization may have made at once, and waiting; more answers 429. */
export const CASE_FILES_PER_ORGANIZATION = 2;
export const CASE_FILES_WAITING_PER_ORGANIZATION = 3;
/** One part (the report, one attachment) may take this long in a worker. */
export const CASE_FILE_TASK_SECONDS = 30;
export const DEFAULT_CASE_FILE_MEMORY_MB = 256;
/**
 * What a worker holds besides its JavaScript heap: its own copy of the code, its stacks, and
 * libvips's buffers for the one image it reduces (read line by line, at most 50 megapixels).
 */
export const CASE_FILE_WORKER_OVERHEAD_MB = 128;
/** The most the server grows by while making case files: each worker's heap and overhead. */
export const caseFileMemoryBudgetMb = (workers: number, memoryMb: number) =>
  workers * (memoryMb + CASE_FILE_WORKER_OVERHEAD_MB);
/** One worker per core but one, which stays with the requests; at least one, at most four. */
export const defaultCaseFileWorkers = () => Math.max(1, Math.min(4, availableParallelism() - 1));

const pools = new WeakMap<AppInstance, WorkerPool>();

/**
 * The app's case-file workers (lib/workers/pool.ts over case-file-worker.ts), shared by the
 * download and the employer's served copy, started on first use and ended with the app. From
 * the TypeScript sources (tsx, vitest) the worker is case-file-worker.ts beside this file; in
 * the build, where this code sits in dist/server/main.js, it is the case-file-worker.js that
 * scripts/build/server.ts writes beside it.
 */
export function caseFilePool(app: AppInstance): WorkerPool {
  let pool = pools.get(app);
  if (!pool) {
    const created = createCaseFilePool({
      workers: app.deps.env.CASE_FILE_WORKERS,
      memoryMb: app.deps.env.CASE_FILE_MEMORY_MB,
      log: app.deps.log,
      entry: app.deps.caseFileWorker,
    });
    app.addHook("onClose", () => created.close());
    pools.set(app, created);
    pool = created;
  }
  return pool;
}

/** A case-file pool of its own (scripts without an app); its owner closes it. */
export function createCaseFilePool(options: {
  /** The worker's module, if not the one beside this file. */
  entry?: URL;
  workers?: number;
  memoryMb?: number;
  log: Logger;
}): WorkerPool {
  const fromSource = import.meta.url.endsWith(".ts");
  return new WorkerPool({
    entry:
      options.entry ??
      new URL(fromSource ? "./case-file-worker.ts" : "./case-file-worker.js", import.meta.url),
    workers: options.workers ?? defaultCaseFileWorkers(),
    memoryMb: options.memoryMb ?? DEFAULT_CASE_FILE_MEMORY_MB,
    taskTimeoutMs: CASE_FILE_TASK_SECONDS * 1000,
    perOrganization: CASE_FILES_PER_ORGANIZATION,
    queuePerOrganization: CASE_FILES_WAITING_PER_ORGANIZATION,
    log: options.log,
  });
}

/** Case files (downloads and services) one person may have made per window. */
export const CASE_FILE_LIMIT = { max: 30, windowSeconds: 600 };

/** Counts a case file against the person's window; over the limit, a 429. */
export async function assertCaseFileRate(db: DB, userId: string) {
  const hits = await countHit(db, "case-file", userId, CASE_FILE_LIMIT);
  if (hits > CASE_FILE_LIMIT.max)
    throw new RateLimitedError(
      "Too many case files in a short time. Please wait a few minutes and try again.",
      secondsLeftInWindow(CASE_FILE_LIMIT.windowSeconds),
    );
}

/** A case file the workers could not make (503) says when to try again. */
export function retryLater(reply: FastifyReply, error: unknown): unknown {
  if ((error as { statusCode?: number }).statusCode === 503) reply.header("retry-after", 60);
  return error;
}
