import { type Kysely, sql } from "kysely";

/**
 * The board's 'On hold' group (issue 30): the open grievances on hold, longest held first, read
 * and counted by a partial index that holds only them (a few per local, whatever its size).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX grievances_held_idx ON grievances (organization_id, held_on, id)
      WHERE held_on IS NOT NULL AND status <> 'resolved'
  `.execute(db);
}
