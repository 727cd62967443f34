import { type Kysely, sql } from "kysely";

/**
 * The dashboard's grievance numbers for stewards and admins, kept by the database instead of
 * counted on every request (that count grew with the organization; see `npm run bench`).
 *   grievance_status_counts  one row per organization: how many grievances in each status.
 * Statement-level triggers with transition tables apply each statement's net change in one
 * write, in the same transaction, so the numbers are always exact. A change that leaves the
 * statuses as they were (a comment touching updated_at) writes nothing. The app role may
 * only read the counts: the trigger function is SECURITY DEFINER.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE grievance_status_counts (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      new_count integer NOT NULL DEFAULT 0,
      pending_count integer NOT NULL DEFAULT 0,
      escalated_count integer NOT NULL DEFAULT 0,
      resolved_count integer NOT NULL DEFAULT 0
    );
    ALTER TABLE grievance_status_counts ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_status_counts
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    REVOKE INSERT, UPDATE, DELETE ON grievance_status_counts FROM unionhall_app;

    INSERT INTO grievance_status_counts
    SELECT organization_id,
           count(*) FILTER (WHERE status = 'new'), count(*) FILTER (WHERE status = 'pending'),
           count(*) FILTER (WHERE status = 'escalated'), count(*) FILTER (WHERE status = 'resolved')
    FROM grievances GROUP BY organization_id;

    -- Adds one statement's net change to an organization's row; UPDATE and DELETE never
    -- insert (an organization being deleted must not get a row back).
    CREATE FUNCTION grievance_counts_add(org uuid, n bigint, p bigint, e bigint, r bigint)
      RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        UPDATE grievance_status_counts SET
          new_count = new_count + n, pending_count = pending_count + p,
          escalated_count = escalated_count + e, resolved_count = resolved_count + r
        WHERE organization_id = org AND (n, p, e, r) <> (0, 0, 0, 0) $$;
    REVOKE ALL ON FUNCTION grievance_counts_add(uuid, bigint, bigint, bigint, bigint) FROM PUBLIC;

    -- old_rows / new_rows are the statement's transition tables; a branch only names the ones
    -- its trigger has (PL/pgSQL plans a statement when it first runs it).
    CREATE FUNCTION grievance_counts_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO grievance_status_counts AS c
          SELECT organization_id,
                 count(*) FILTER (WHERE status = 'new'), count(*) FILTER (WHERE status = 'pending'),
                 count(*) FILTER (WHERE status = 'escalated'), count(*) FILTER (WHERE status = 'resolved')
          FROM new_rows GROUP BY organization_id
          ON CONFLICT (organization_id) DO UPDATE SET
            new_count = c.new_count + excluded.new_count,
            pending_count = c.pending_count + excluded.pending_count,
            escalated_count = c.escalated_count + excluded.escalated_count,
            resolved_count = c.resolved_count + excluded.resolved_count;
        ELSIF TG_OP = 'UPDATE' THEN
          PERFORM grievance_counts_add(organization_id, sum(n), sum(p), sum(e), sum(r))
          FROM (SELECT organization_id, -(status = 'new')::int AS n, -(status = 'pending')::int AS p,
                       -(status = 'escalated')::int AS e, -(status = 'resolved')::int AS r
                FROM old_rows
                UNION ALL
                SELECT organization_id, (status = 'new')::int, (status = 'pending')::int,
                       (status = 'escalated')::int, (status = 'resolved')::int
                FROM new_rows) change
          GROUP BY organization_id;
        ELSE
          PERFORM grievance_counts_add(organization_id,
                    -count(*) FILTER (WHERE status = 'new'), -count(*) FILTER (WHERE status = 'pending'),
                    -count(*) FILTER (WHERE status = 'escalated'), -count(*) FILTER (WHERE status = 'resolved'))
          FROM old_rows GROUP BY organization_id;
        END IF;
        RETURN NULL;
      END $$;

    CREATE TRIGGER grievance_counts_insert AFTER INSERT ON grievances
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_counts_apply();
    CREATE TRIGGER grievance_counts_update AFTER UPDATE ON grievances
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_counts_apply();
    CREATE TRIGGER grievance_counts_delete AFTER DELETE ON grievances
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_counts_apply();
  `.execute(db);
}
