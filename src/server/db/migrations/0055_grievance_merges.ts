import { type Kysely, sql } from "kysely";

/**
 * Individual grievances joined into a group grievance (issue 19): each original closes with
 * outcome 'merged' and the id of the group grievance, its own history kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievances DROP CONSTRAINT grievances_outcome_check;
    ALTER TABLE grievances ADD CONSTRAINT grievances_outcome_check CHECK (outcome IN (
      'granted', 'settled', 'withdrawn', 'denied', 'arbitration_won', 'arbitration_lost',
      'merged'));
    ALTER TABLE grievances ADD COLUMN merged_into text;
    ALTER TABLE grievances ADD CONSTRAINT grievances_merged_into_check
      CHECK ((outcome = 'merged') = (merged_into IS NOT NULL));
  `.execute(db);
}
