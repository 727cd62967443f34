import { type Kysely, sql } from "kysely";

/**
 * One rate counter (issue 16): sign-in attempts are counted in `public_rate_limits` with the
 * public forms, uploads and employer links (lib/hit-counter.ts); their own table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auth_rate_limits`.execute(db);
}
