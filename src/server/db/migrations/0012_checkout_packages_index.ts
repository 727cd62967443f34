import { type Kysely, sql } from "kysely";

/**
 * The billing page lists the website packages an organization has bought: its completed
 * package checkouts, newest first. checkout_sessions had only a per-user index, so that list
 * read every session. The index starts with organization_id (product-decisions.md 2) and holds only
 * the rows the list reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX checkout_sessions_org_packages_idx
      ON checkout_sessions (organization_id, completed_at DESC)
      WHERE kind = 'package' AND status = 'complete';
  `.execute(db);
}
