import { type Kysely, sql } from "kysely";

/**
 * Two corrections to the search functions of migrations 0040 and 0090.
 *
 * - **A member's search finds every grievance their list shows** (product-decisions.md 13 and
 *   31): those they filed and the group grievances they are a grievant of. 0040 and 0090 read
 *   `submitted_by` alone, so a grievant's group grievance was in their tracker and missing from
 *   its search box. A member's grievances are few: their ids come from the submitter index and
 *   the grievants' user index (`ROWS 20` tells the planner so), and that handful is read, matched
 *   and ordered by key.
 * - **A search keeps the type filter** (`kind`): the functions took the status only, so
 *   `q` with `type=group` listed individual grievances too.
 *
 * Also: a narrow search no longer pays 0090's walk over the 10,010 newest rows (p95 25.6 to
 * 32.7 ms at a million, against the 30 ms goal). A term that reaches the cap there matches one
 * row in ten; the newest 1,001 rows show it first, and a term matching fewer than one in twenty
 * of them goes straight to the trigram count. Either way the count is min(matches, cap).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION grievance_ids_of_member(member text) RETURNS SETOF text
      LANGUAGE sql STABLE SECURITY DEFINER ROWS 20 SET search_path = public, pg_temp AS $$
        SELECT s.id FROM grievances s
          WHERE s.organization_id = app_current_org() AND s.submitted_by = member
        UNION
        SELECT gg.grievance_id FROM grievance_grievants gg
          WHERE gg.organization_id = app_current_org() AND gg.user_id = member $$;
    REVOKE ALL ON FUNCTION grievance_ids_of_member(text) FROM PUBLIC;

    DROP FUNCTION grievance_search_page(text, text, text, timestamptz, text, int, boolean);
    CREATE FUNCTION grievance_search_page(
        pattern text, submitter text, wanted text, kind text, after_filed_at timestamptz,
        after_id text, page_size int, few_matches boolean)
      RETURNS SETOF grievances LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
      BEGIN
        IF submitter IS NOT NULL THEN
          RETURN QUERY
            SELECT g.* FROM grievance_ids_of_member(submitter) AS mine(id)
            JOIN grievances g ON g.organization_id = app_current_org() AND g.id = mine.id
            WHERE g.search_text LIKE pattern
              AND (wanted IS NULL OR g.status = wanted)
              AND (kind IS NULL OR g.type = kind)
              AND (after_filed_at IS NULL OR (g.filed_at, g.id) < (after_filed_at, after_id))
            ORDER BY g.filed_at DESC, g.id DESC LIMIT page_size;
        ELSIF few_matches THEN
          RETURN QUERY
            WITH m AS MATERIALIZED (
              SELECT * FROM grievances g
              WHERE g.organization_id = app_current_org() AND g.search_text LIKE pattern
                AND (wanted IS NULL OR g.status = wanted)
                AND (kind IS NULL OR g.type = kind))
            SELECT * FROM m
            WHERE after_filed_at IS NULL OR (m.filed_at, m.id) < (after_filed_at, after_id)
            ORDER BY m.filed_at DESC, m.id DESC LIMIT page_size;
        ELSE
          RETURN QUERY
            SELECT * FROM grievances g
            WHERE g.organization_id = app_current_org() AND (g.search_text || '') LIKE pattern
              AND (wanted IS NULL OR g.status = wanted)
              AND (kind IS NULL OR g.type = kind)
              AND (after_filed_at IS NULL OR (g.filed_at, g.id) < (after_filed_at, after_id))
            ORDER BY g.filed_at DESC, g.id DESC LIMIT page_size;
        END IF;
      END $$;

    DROP FUNCTION grievance_search_count(text, text, text, int);
    DROP FUNCTION grievance_search_count_by_trigram(text, text, text, int);
    -- The trigram index only (0040's SET clauses): a narrow term never walks the table.
    CREATE FUNCTION grievance_search_count_by_trigram(pattern text, wanted text, kind text, cap int)
      RETURNS int LANGUAGE sql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET enable_seqscan = off SET enable_indexscan = off
      SET plan_cache_mode = force_custom_plan AS $$
        SELECT count(*)::int FROM (
          SELECT 1 FROM grievances
          WHERE organization_id = app_current_org() AND search_text LIKE pattern
            AND (wanted IS NULL OR status = wanted)
            AND (kind IS NULL OR type = kind)
          LIMIT cap) AS m $$;

    CREATE FUNCTION grievance_search_count(
        pattern text, submitter text, wanted text, kind text, cap int)
      RETURNS int LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        n int;
      BEGIN
        IF submitter IS NOT NULL THEN
          SELECT count(*)::int INTO n FROM (
            SELECT 1 FROM grievance_ids_of_member(submitter) AS mine(id)
            JOIN grievances g ON g.organization_id = app_current_org() AND g.id = mine.id
            WHERE g.search_text LIKE pattern
              AND (wanted IS NULL OR g.status = wanted)
              AND (kind IS NULL OR g.type = kind)
            LIMIT cap) AS m;
          RETURN n;
        END IF;
        -- Only a term that matches at least one in twenty of the newest rows can reach the cap
        -- within the walk below (it needs one in ten): others skip it for the trigram count.
        SELECT count(*)::int INTO n FROM (
          SELECT g.search_text, g.status, g.type FROM grievances g
          WHERE g.organization_id = app_current_org()
          ORDER BY g.filed_at DESC, g.id DESC LIMIT cap) AS newest
        WHERE (newest.search_text || '') LIKE pattern
          AND (wanted IS NULL OR newest.status = wanted)
          AND (kind IS NULL OR newest.type = kind);
        IF n * 20 < cap THEN
          RETURN grievance_search_count_by_trigram(pattern, wanted, kind, cap);
        END IF;
        SELECT count(*)::int INTO n FROM (
          SELECT 1 FROM (
            SELECT g.search_text, g.status, g.type FROM grievances g
            WHERE g.organization_id = app_current_org()
            ORDER BY g.filed_at DESC, g.id DESC LIMIT cap * 10) AS newest
          WHERE (newest.search_text || '') LIKE pattern
            AND (wanted IS NULL OR newest.status = wanted)
            AND (kind IS NULL OR newest.type = kind)
          LIMIT cap) AS m;
        IF n >= cap THEN
          RETURN n;
        END IF;
        RETURN grievance_search_count_by_trigram(pattern, wanted, kind, cap);
      END $$;

    REVOKE ALL ON FUNCTION grievance_search_page(
      text, text, text, text, timestamptz, text, int, boolean) FROM PUBLIC;
    REVOKE ALL ON FUNCTION grievance_search_count(text, text, text, text, int) FROM PUBLIC;
    REVOKE ALL ON FUNCTION grievance_search_count_by_trigram(text, text, text, int) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION grievance_search_page(
      text, text, text, text, timestamptz, text, int, boolean) TO unionhall_app;
    GRANT EXECUTE ON FUNCTION grievance_search_count(text, text, text, text, int) TO unionhall_app;
  `.execute(db);
}
