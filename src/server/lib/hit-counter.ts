import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/connection.ts";

/** At most `max` hits per `windowSeconds` (fixed windows that start on the clock). */
export interface HitLimit {
  max: number;
  windowSeconds: number;
}

/**
 * This instance's own count per bucket, subject and window. A flood from one client is
 * refused from memory once this instance alone has seen more than the limit, so it never
 * turns into a write per request; below that, PostgreSQL's count (shared by all instances)
 * decides.
 */
const seenHere = new WeakMap<DB, { counts: Map<string, number>; sweptMinute: number }>();

function countHere(db: DB, key: string, windowStart: number): number {
  // Per database handle: an instance counts for its own database only (tests run several).
  let here = seenHere.get(db);
  if (!here) {
    here = { counts: new Map(), sweptMinute: 0 };
    seenHere.set(db, here);
  }
  // Once a minute, forget the counts of windows that ended long ago.
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== here.sweptMinute) {
    here.sweptMinute = minute;
    for (const k of here.counts.keys()) {
      if (Number(k.slice(0, k.indexOf("|"))) < windowStart - 3600_000) here.counts.delete(k);
    }
  }
  const seen = (here.counts.get(key) ?? 0) + 1;
  here.counts.set(key, seen);
  return seen;
}

/**
 * Counts one hit in a fixed window and answers the window's count so far (this one included),
 * or a count above `limit.max` without touching the database when this instance has already
 * seen more than that. The one rate counter of the product: sign-in attempts, public forms,
 * uploads and employer links all use it. The subject (an address, a user id, an email) is
 * stored hashed, in the table of migration 0003.
 */
export async function countHit(
  db: DB,
  bucket: string,
  subject: string,
  limit: HitLimit,
): Promise<number> {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  const hashed = createHash("sha256").update(subject).digest("hex").slice(0, 32);
  const here = countHere(db, `${start}|${bucket}|${hashed}`, start);
  if (here > limit.max) return here;
  const row = await db
    .insertInto("publicRateLimits")
    .values({ bucket, subject: hashed, windowStart: new Date(start), hits: 1 })
    .onConflict((oc) =>
      oc
        .columns(["bucket", "subject", "windowStart"])
        .doUpdateSet({ hits: sql<number>`public_rate_limits.hits + 1` }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  // A new window: forget the counters of windows long gone.
  if (row.hits === 1) {
    await db
      .deleteFrom("publicRateLimits")
      .where("windowStart", "<", new Date(Date.now() - 24 * 3600 * 1000))
      .execute();
  }
  return row.hits;
}
