import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/connection.ts";

/**
 * Counts one hit in a fixed window (the table of migration 0003: public forms, uploads and
 * employer links share it) and answers the window's count so far (this one included).
 * The counter lives in PostgreSQL, so several server instances share it. The subject (a client
 * address or a user id) is stored hashed.
 */
export async function countHit(
  db: DB,
  bucket: string,
  subject: string,
  windowSeconds: number,
): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const hashed = createHash("sha256").update(subject).digest("hex").slice(0, 32);
  const row = await db
    .insertInto("publicRateLimits")
    .values({ bucket, subject: hashed, windowStart, hits: 1 })
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
