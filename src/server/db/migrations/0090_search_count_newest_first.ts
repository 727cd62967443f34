import { type Kysely, sql } from "kysely";

/**
 * A broad search's count at a million grievances (issue 15, docs/decisions/015). Counting up to
 * the cap by the trigram index reads the whole posting lists of the term's trigrams before the
 * first row: 'khan', one grievance in nine, took about 45 ms however small the cap. A broad term
 * reaches the cap among the newest rows: `grievance_search_count` now walks the newest-first
 * index over at most ten rows per match wanted and answers the cap when it gets there; a term
 * that does not (a narrow one, or a status filter that leaves few) is counted by the trigram
 * index as before (`grievance_search_count_by_trigram`, with its SET clauses, which must not
 * apply to the walk). Both answer min(matches, cap), so the list's total is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER FUNCTION grievance_search_count(text, text, text, int)
      RENAME TO grievance_search_count_by_trigram;

    CREATE FUNCTION grievance_search_count(pattern text, submitter text, wanted text, cap int)
      RETURNS int LANGUAGE plpgsql STABLE SECURITY DEFINER
      SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        n int;
      BEGIN
        -- A member's search reads their own grievances by the submitter index: few rows.
        IF submitter IS NULL THEN
          SELECT count(*)::int INTO n FROM (
            SELECT 1 FROM (
              SELECT g.search_text, g.status FROM grievances g
              WHERE g.organization_id = app_current_org()
              ORDER BY g.filed_at DESC, g.id DESC LIMIT cap * 10) AS newest
            WHERE (newest.search_text || '') LIKE pattern
              AND (wanted IS NULL OR newest.status = wanted)
            LIMIT cap) AS m;
          IF n >= cap THEN
            RETURN n;
          END IF;
        END IF;
        RETURN grievance_search_count_by_trigram(pattern, submitter, wanted, cap);
      END $$;

    REVOKE ALL ON FUNCTION grievance_search_count(text, text, text, int) FROM PUBLIC;
    REVOKE ALL ON FUNCTION grievance_search_count_by_trigram(text, text, text, int)
      FROM PUBLIC, unionhall_app;
    GRANT EXECUTE ON FUNCTION grievance_search_count(text, text, text, int) TO unionhall_app;
  `.execute(db);
}
