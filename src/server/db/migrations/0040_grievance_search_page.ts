import { type Kysely, sql } from "kysely";

/**
 * A search's first page without building every match (issue 15). `grievance_search()`
 * (migration 0011) is SECURITY DEFINER with a SET clause, so PostgreSQL never inlines it: the
 * ORDER BY, cursor and LIMIT written around it could not reach inside, and a broad term (one
 * grievance in nine) read and sorted 111,111 rows of a million for a page of 25. These two
 * functions take the whole question instead.
 *
 * - `grievance_search_count` counts matches up to a cap (the list says '1,000+' past it),
 *   by the trigram index only: the SET clause turns plain index and sequential scans off for
 *   this one statement, so a narrow term never walks the table hoping to fill the cap.
 * - `grievance_search_page` answers one page, newest first, after the keyset cursor. With few
 *   matches (the caller has counted them) it takes them all by the trigram index and sorts
 *   that handful; with many it walks the newest-first index and keeps matches until the page
 *   is full (`search_text || ''` keeps the planner off the trigram index there, which would
 *   build every match first). A member's search reads only their own grievances by the
 *   submitter index, whatever the term. `plan_cache_mode` plans each call with its values, so
 *   the unused conditions (`submitter IS NULL`, ...) fold away.
 *
 * Both apply the row-level policy's own condition (`organization_id = app_current_org()`).
 * Also: a statement time limit for the application role, so that no request can hold a
 * connection for seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION grievance_search_count(pattern text, submitter text, wanted text, cap int)
      RETURNS int LANGUAGE sql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET enable_seqscan = off SET enable_indexscan = off
      SET plan_cache_mode = force_custom_plan AS $$
        SELECT count(*)::int FROM (
          SELECT 1 FROM grievances
          WHERE organization_id = app_current_org() AND search_text LIKE pattern
            AND (submitter IS NULL OR submitted_by = submitter)
            AND (wanted IS NULL OR status = wanted)
          LIMIT cap) AS m $$;

    CREATE FUNCTION grievance_search_page(
        pattern text, submitter text, wanted text, after_filed_at timestamptz, after_id text,
        page_size int, few_matches boolean)
      RETURNS SETOF grievances LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
      BEGIN
        IF few_matches AND submitter IS NULL THEN
          RETURN QUERY
            WITH m AS MATERIALIZED (
              SELECT * FROM grievances g
              WHERE g.organization_id = app_current_org() AND g.search_text LIKE pattern
                AND (wanted IS NULL OR g.status = wanted))
            SELECT * FROM m
            WHERE after_filed_at IS NULL OR (m.filed_at, m.id) < (after_filed_at, after_id)
            ORDER BY m.filed_at DESC, m.id DESC LIMIT page_size;
        ELSE
          RETURN QUERY
            SELECT * FROM grievances g
            WHERE g.organization_id = app_current_org() AND (g.search_text || '') LIKE pattern
              AND (submitter IS NULL OR g.submitted_by = submitter)
              AND (wanted IS NULL OR g.status = wanted)
              AND (after_filed_at IS NULL OR (g.filed_at, g.id) < (after_filed_at, after_id))
            ORDER BY g.filed_at DESC, g.id DESC LIMIT page_size;
        END IF;
      END $$;

    REVOKE ALL ON FUNCTION grievance_search_count(text, text, text, int) FROM PUBLIC;
    REVOKE ALL ON FUNCTION grievance_search_page(text, text, text, timestamptz, text, int, boolean)
      FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION grievance_search_count(text, text, text, int) TO unionhall_app;
    GRANT EXECUTE ON FUNCTION grievance_search_page(text, text, text, timestamptz, text, int, boolean)
      TO unionhall_app;

    -- A managed database's owner may not alter the role; the pool sets the same timeout.
    -- The role is the cluster's: set once, left alone by a database migrated later (two
    -- databases of one cluster migrated at once, as the tests do, both rewrote the role's row
    -- and one failed with "tuple concurrently updated").
    DO $$ BEGIN
      IF NOT EXISTS (
        SELECT 1 FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole
        WHERE r.rolname = 'unionhall_app' AND s.setdatabase = 0
          AND 'statement_timeout=3s' = ANY (s.setconfig)
      ) THEN
        ALTER ROLE unionhall_app SET statement_timeout = '3s';
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END $$;
  `.execute(db);
}
