import { type Kysely, sql } from "kysely";

/**
 * The language a user reads the product and their mails in (issue 22): English or US Spanish,
 * set at sign-up from the browser and changed on the profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en'
    CHECK (language IN ('en', 'es'))`.execute(db);
}
