// A worker started from TypeScript sources (tsx, vitest): tsx's loader is registered in the
// worker first, then the worker's module is loaded. The production build starts the built
// worker file directly and never reads this one (lib/workers/pool.ts).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
