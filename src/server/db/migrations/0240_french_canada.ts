import { type Kysely, sql } from "kysely";

/**
 * French (Canada) as the third language (issue 31, decision 037): a user's reading language and
 * a roster person's language accept 'fr-CA'. The CHECK keeps the stored values to the offered
 * languages (src/shared/i18n/languages.ts), which the code types the column by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP CONSTRAINT users_language_check;
    ALTER TABLE users ADD CONSTRAINT users_language_check CHECK (language IN ('en', 'es', 'fr-CA'));
    ALTER TABLE people DROP CONSTRAINT people_language_check;
    ALTER TABLE people ADD CONSTRAINT people_language_check
      CHECK (language IN ('en', 'es', 'fr-CA'));
  `.execute(db);
}
