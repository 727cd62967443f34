import { type Kysely, sql } from "kysely";

/**
 * A deadline's fifth state, `closed` (issue 30): a deadline still running when its grievance
 * was closed, or an unpaid remedy's deadline that a reopening replaced, was neither met nor
 * missed. Reports count only `met` and `missed`; the board's kept counts (0110) read running
 * deadlines only (`closed_on IS NULL`), so a closed one leaves them as any settled one does.
 * Existing rows keep the state they were given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievance_deadlines DROP CONSTRAINT grievance_deadlines_state_check;
    ALTER TABLE grievance_deadlines ADD CONSTRAINT grievance_deadlines_state_check
      CHECK (state IN ('open', 'met', 'missed', 'paused', 'closed'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE grievance_deadlines SET state = 'met' WHERE state = 'closed';
    ALTER TABLE grievance_deadlines DROP CONSTRAINT grievance_deadlines_state_check;
    ALTER TABLE grievance_deadlines ADD CONSTRAINT grievance_deadlines_state_check
      CHECK (state IN ('open', 'met', 'missed', 'paused'));
  `.execute(db);
}
