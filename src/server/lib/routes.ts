import { z } from "zod";
import type { AppDeps } from "../app.ts";

/**
 * What the modules' routes share, defined once (issue 35; `src/server/architecture.test.ts`
 * fails on a second definition in a route file).
 */

/** A grievance's or request's id in the path (`G-2026-0001`, a UUID). */
export const ZId = z.object({ id: z.string().min(1).max(40) });

/** A row's id in the path where ids are UUIDs or better-auth's ids. */
export const ZIdParams = z.object({ id: z.string().max(100) });

/** The time a request is judged at: the app's clock (tests set it), else the real time. */
export const now = (app: { deps: Pick<AppDeps, "now"> }): Date => app.deps.now?.() ?? new Date();
