import { type Kysely, sql } from "kysely";

/**
 * When the grievants last heard from the union (`grievant_updated_at`, migration 0045) on a
 * group grievance. 0045 took the submitter for the grievant; on a group grievance that is the
 * steward who filed it, so their comments and actions, mailed to every grievant, never moved
 * the date, while a grievant's own comment did. Now an event moves it unless its actor is a
 * grievant: on a group grievance one of `grievance_grievants`, otherwise the submitter
 * (product-decisions.md 13 and 31). Group grievances get their date again from their events.
 */
const KINDS = sql.raw(
  "('comment', 'status', 'response', 'appeal', 'extension', 'hold', 'resume', 'assign')",
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION is_grievant(org uuid, grievance text, kind text, submitter text, actor text)
      RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT CASE WHEN kind = 'group' THEN EXISTS (
            SELECT 1 FROM grievance_grievants gg
            WHERE gg.organization_id = org AND gg.grievance_id = grievance AND gg.user_id = actor)
          ELSE submitter IS NOT DISTINCT FROM actor END $$;

    -- Runs as the inserting role under its row-level security, as in 0045.
    CREATE OR REPLACE FUNCTION touch_grievant_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind IN ${KINDS} AND NEW.actor_id IS NOT NULL THEN
          UPDATE grievances g SET grievant_updated_at = greatest(g.grievant_updated_at, NEW.created_at)
          WHERE g.organization_id = NEW.organization_id AND g.id = NEW.grievance_id
            AND NOT is_grievant(g.organization_id, g.id, g.type, g.submitted_by, NEW.actor_id);
        END IF;
        RETURN NEW;
      END $$;

    UPDATE grievances g SET grievant_updated_at = coalesce((
      SELECT max(e.created_at) FROM grievance_events e
      WHERE e.organization_id = g.organization_id AND e.grievance_id = g.id
        AND e.kind IN ${KINDS} AND e.actor_id IS NOT NULL
        AND NOT is_grievant(g.organization_id, g.id, g.type, g.submitted_by, e.actor_id)), g.filed_at)
    WHERE g.type = 'group';
  `.execute(db);
}
