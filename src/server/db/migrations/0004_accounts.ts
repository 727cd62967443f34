import { type Kysely, sql } from "kysely";

/** Two-factor sign-in (better-auth's twoFactor plugin) and rate limits kept in PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false;

    CREATE TABLE two_factors (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      secret text NOT NULL,
      backup_codes text NOT NULL,
      verified boolean NOT NULL DEFAULT true,
      failed_verification_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz
    );
    CREATE INDEX two_factors_user_id_idx ON two_factors (user_id);

    -- Shared by every server instance, so a limit holds however many there are.
    CREATE TABLE rate_limits (
      id text PRIMARY KEY,
      key text NOT NULL UNIQUE,
      count integer NOT NULL,
      last_request bigint NOT NULL
    );
  `.execute(db);
}
