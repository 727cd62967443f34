import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { DB } from "../../db/connection.ts";
import { migrations } from "../../db/migrations/index.ts";
import type { Storage } from "../../lib/storage/storage.ts";

export const READY_PARTS = ["database", "migrations", "mail", "storage"] as const;
export type ReadyPart = (typeof READY_PARTS)[number];
export type Readiness = Record<ReadyPart, "ok" | "failed">;

/** A check that takes longer is failed (a load balancer must not wait on a hung SMTP server). */
const CHECK_LIMIT_MS = 5000;
/** Mail and storage probes touch other servers: their answer is kept this long. */
const KEEP_MS = 15_000;

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), CHECK_LIMIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve (issue 32): the database answers, every migration this code
 * knows has run, mail can leave (SMTP greets; the log always can), and storage takes, gives
 * back and deletes a small file. `/api/health` stays the shallow liveness check.
 */
export function readinessChecker(deps: {
  db: DB;
  storage: Storage;
  log: Logger;
  checkMail?: () => Promise<void>;
}): () => Promise<Readiness> {
  const kept = new Map<ReadyPart, { at: number; ok: boolean }>();
  const expected = Object.keys(migrations);
  const checks: Record<ReadyPart, () => Promise<void>> = {
    database: async () => {
      await sql`SELECT 1`.execute(deps.db);
    },
    migrations: async () => {
      const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(
        deps.db,
      );
      const applied = new Set(rows.map((r) => r.name));
      const missing = expected.filter((name) => !applied.has(name));
      if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(", ")}`);
    },
    mail: async () => {
      await deps.checkMail?.();
    },
    storage: async () => {
      const key = `health/probe-${randomBytes(8).toString("hex")}.txt`;
      const data = Buffer.from(`ready ${new Date().toISOString()}`);
      await deps.storage.put(key, data, "text/plain");
      try {
        const back = await deps.storage.get(key);
        if (!back) throw new Error("the probe file was not there");
        const chunks: Buffer[] = [];
        for await (const chunk of back.stream) chunks.push(chunk as Buffer);
        if (!Buffer.concat(chunks).equals(data))
          throw new Error("the probe file came back changed");
      } finally {
        await deps.storage.delete(key);
      }
    },
  };
  const slow = new Set<ReadyPart>(["mail", "storage"]);
  return async () => {
    const results = await Promise.all(
      READY_PARTS.map(async (part) => {
        const last = kept.get(part);
        if (slow.has(part) && last && Date.now() - last.at < KEEP_MS)
          return [part, last.ok] as const;
        let ok = true;
        try {
          await within(checks[part]());
        } catch (error) {
          ok = false;
          deps.log.warn({ err: error, part }, "not ready");
        }
        kept.set(part, { at: Date.now(), ok });
        return [part, ok] as const;
      }),
    );
    return Object.fromEntries(
      results.map(([part, ok]) => [part, ok ? "ok" : "failed"]),
    ) as Readiness;
  };
}
