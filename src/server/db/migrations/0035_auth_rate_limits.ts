import { type Kysely, sql } from "kysely";

/**
 * Sign-in limits counted per fixed window (issue 14). better-auth's own counter kept one row
 * per address and path whose window restarted with every request, so a busy address never got
 * out of it, and reading one's own session shared the sign-in limit. This table holds the
 * hand-written limiter's counters (lib/auth/rate-limit.ts): one row per rule, subject (a hash
 * of the address, or of the address and the account) and window start. Not a tenant table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_rate_limits (
      rule text NOT NULL,
      subject text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL DEFAULT 0,
      PRIMARY KEY (rule, subject, window_start)
    );
    CREATE INDEX auth_rate_limits_window_idx ON auth_rate_limits (window_start);
    DROP TABLE rate_limits;
  `.execute(db);
}
