import { type Kysely, sql } from "kysely";

/**
 * A recorded answer can be corrected by a steward (issue 30): the app role, which could only
 * insert answers (0025), may now update the three things a correction changes (the day
 * received, the decision, the text), never who recorded it or at which step; and still not
 * delete one. The correction itself is logged and kept in the deadlines' history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`GRANT UPDATE (received_on, decision, text) ON grievance_answers TO unionhall_app`.execute(
    db,
  );
}
