import { setPriority } from "node:os";
import sharp from "sharp";
import { serveTasks } from "../../lib/workers/serve-tasks.ts";
import { runCaseFileTask } from "./case-file-parts.ts";
import { limitDecodedStreams } from "./pdf-limits.ts";

/**
 * The case-file worker's entry (a worker thread of lib/workers/pool.ts; built as its own file,
 * dist/server/case-file-worker.js, by scripts/build/server.ts). libvips keeps no cache of
 * decoded images and uses one thread per image here: a worker renders one attachment at a time.
 * These settings are libvips's, for the whole process; the request thread only reads image
 * headers.
 */
sharp.cache(false);
sharp.concurrency(1);
// pdf-lib writes a line for every object of a broken file it skips: a hostile file would fill
// the server's log. What matters reaches the pool as the task's answer.
console.log = () => undefined;
console.warn = () => undefined;

limitDecodedStreams();

// On Linux the nice value is the thread's own: this worker yields the CPU to the thread that
// answers requests (and to PostgreSQL) when both want it.
try {
  setPriority(10);
} catch {
  // Not permitted here: the worker runs at the server's priority.
}

serveTasks(runCaseFileTask);
