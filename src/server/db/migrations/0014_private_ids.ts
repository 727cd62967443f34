import { type Kysely, sql } from "kysely";

/**
 * Ids that said how busy the whole platform is (issue 13): activity entries numbered from one
 * sequence for every organization, and contact requests from another. Activity entries are
 * now numbered per organization (1, 2, 3... in each; the timeline still sorts by id), contact
 * requests get random ids. Existing rows keep theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION grievance_events_next_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The grievance's row first, then the numbering: a change that updates the row and then
      -- logs it takes the locks in the same order as an entry whose trigger touches the row
      -- (0045), so the two never deadlock.
      PERFORM 1 FROM grievances
        WHERE organization_id = NEW.organization_id AND id = NEW.grievance_id FOR UPDATE;
      -- One numbering per organization: concurrent inserts of one organization take turns
      -- (until their transactions end); other organizations are not held up.
      PERFORM pg_advisory_xact_lock(hashtext('grievance_events'), hashtext(NEW.organization_id::text));
      SELECT coalesce(max(id), 0) + 1 INTO NEW.id
      FROM grievance_events WHERE organization_id = NEW.organization_id;
      RETURN NEW;
    END $$;
    ALTER TABLE grievance_events ALTER COLUMN id DROP DEFAULT;
    DROP SEQUENCE IF EXISTS grievance_events_id_seq;
    CREATE TRIGGER grievance_events_id BEFORE INSERT ON grievance_events
      FOR EACH ROW EXECUTE FUNCTION grievance_events_next_id();

    ALTER TABLE sales_inquiries ALTER COLUMN id DROP DEFAULT;
    ALTER TABLE sales_inquiries ALTER COLUMN id TYPE text USING id::text;
    ALTER TABLE sales_inquiries ALTER COLUMN id SET DEFAULT gen_random_uuid()::text;
    DROP SEQUENCE IF EXISTS sales_inquiries_id_seq;
  `.execute(db);
}
