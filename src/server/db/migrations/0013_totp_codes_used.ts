import { type Kysely, sql } from "kysely";

/**
 * A TOTP code is accepted once (issue 13): the codes each account has used within the last
 * few minutes, longer than the window in which a code stays valid. Keyed by account, like
 * `users` (no organization's rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE totp_codes_used (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code text NOT NULL,
      used_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, code)
    )`.execute(db);
}
