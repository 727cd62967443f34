import { type Kysely, sql } from "kysely";

/**
 * Reports at a million grievances (issue 21, docs/decisions/022): what the reports sum,
 * kept by the database instead of read from every grievance of the range on each request.
 *   grievance_report_facts(g, tz)  what one grievance adds to the reports: a fact per
 *                                  dimension value (all, department, location, job_title,
 *                                  step, outcome, each cited article) and measure
 *                                    f  filed: by filing day in the organization's time zone,
 *                                       state 'open' while not resolved
 *                                    c  closed: by closing day, state = the outcome, with the
 *                                       money remedy awarded and confirmed received
 *                                    h  days to close (the median's histogram), monthly only
 *                                  at two grains: the day ('d') and its month ('m', the
 *                                  bucket is the month's first day)
 *   grievance_report_rollups       the facts summed per organization and key (n may fall to
 *                                  0; readers skip those rows)
 * Statement-level triggers apply each statement's net change (an update that touches none of
 * the columns the facts read writes nothing), in the same transaction, so the sums are always
 * exact. A change of the organization's time zone rebuilds its rows. The app role may only read
 * them (the trigger functions are SECURITY DEFINER), through row-level security, not forced
 * on the owner as 0009 explains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE grievance_report_rollups (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      dim text NOT NULL,
      measure "char" NOT NULL,
      grain "char" NOT NULL,
      bucket date NOT NULL,
      value text NOT NULL,
      label text NOT NULL,
      sort integer NOT NULL,
      state text NOT NULL,
      days integer NOT NULL,
      n bigint NOT NULL,
      awarded bigint NOT NULL,
      recovered bigint NOT NULL,
      PRIMARY KEY (organization_id, dim, measure, grain, bucket, value, label, sort, state, days)
    );
    ALTER TABLE grievance_report_rollups ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_report_rollups
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    REVOKE ALL ON grievance_report_rollups FROM unionhall_app;
    GRANT SELECT ON grievance_report_rollups TO unionhall_app;

    CREATE FUNCTION grievance_report_facts(g grievances, tz text)
      RETURNS TABLE (dim text, measure "char", grain "char", bucket date, value text, label text,
                     sort integer, state text, days integer, awarded bigint, recovered bigint)
      LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
        WITH d(dim, value, label, sort) AS (
          SELECT 'all', '', '', 0
          UNION ALL SELECT 'department', g.department, '', 0
          UNION ALL SELECT 'location', g.location, '', 0
          UNION ALL SELECT 'job_title', g.job_title, '', 0
          UNION ALL SELECT 'step', g.step_name, '', g.step_index
          UNION ALL SELECT 'outcome', CASE WHEN g.status = 'resolved'
                                           THEN coalesce(g.outcome, 'not_recorded') ELSE 'open' END, '', 0
          UNION ALL SELECT 'article', a.k, a.article, 0
                    FROM unnest(g.articles, g.article_keys) AS a(article, k) WHERE a.k <> ''
        ), m(measure, day, state, days, awarded, recovered) AS (
          SELECT 'f'::"char", (g.filed_at AT TIME ZONE tz)::date,
                 CASE WHEN g.status <> 'resolved' THEN 'open' ELSE '' END, 0, 0::bigint, 0::bigint
          UNION ALL
          SELECT 'c', g.closed_on, coalesce(g.outcome, ''), 0, coalesce(g.remedy_amount_cents, 0),
                 CASE WHEN g.remedy_received_at IS NOT NULL THEN coalesce(g.remedy_amount_cents, 0) ELSE 0 END
          WHERE g.closed_on IS NOT NULL
          UNION ALL
          SELECT 'h', g.closed_on, '', g.closed_on - (g.filed_at AT TIME ZONE tz)::date, 0, 0
          WHERE g.closed_on IS NOT NULL
        )
        SELECT d.dim, m.measure, gr.grain,
               CASE gr.grain WHEN 'd' THEN m.day ELSE date_trunc('month', m.day)::date END,
               d.value, CASE WHEN m.measure = 'h' THEN '' ELSE d.label END,
               CASE WHEN m.measure = 'h' THEN 0 ELSE d.sort END,
               m.state, m.days, m.awarded, m.recovered
        FROM d CROSS JOIN m CROSS JOIN (VALUES ('d'::"char"), ('m'::"char")) AS gr(grain)
        WHERE NOT (m.measure = 'h' AND gr.grain = 'd')
      $$;

    CREATE FUNCTION grievance_report_zone(org uuid) RETURNS text
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT coalesce((SELECT time_zone FROM grievance_procedures WHERE organization_id = org),
                        'America/New_York')
      $$;
    REVOKE ALL ON FUNCTION grievance_report_zone(uuid) FROM PUBLIC;

    -- One organization's rows from its grievances (the backfill, and a change of time zone).
    CREATE FUNCTION grievance_report_rebuild(org uuid) RETURNS void
      LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
        DELETE FROM grievance_report_rollups WHERE organization_id = org;
        INSERT INTO grievance_report_rollups
        SELECT g.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
               f.state, f.days, count(*), sum(f.awarded), sum(f.recovered)
        FROM grievances g
        CROSS JOIN LATERAL grievance_report_facts(g, grievance_report_zone(org)) AS f
        WHERE g.organization_id = org
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
      $$;
    REVOKE ALL ON FUNCTION grievance_report_rebuild(uuid) FROM PUBLIC;

    -- old_rows / new_rows are the statement's transition tables (as in 0010). Inserts and
    -- updates add their net change in key order (concurrent writers lock rows in one order);
    -- deletes only subtract, never insert (an organization being deleted gets no row back).
    CREATE FUNCTION grievance_report_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO grievance_report_rollups AS r
          SELECT g.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                 f.state, f.days, count(*), sum(f.awarded), sum(f.recovered)
          FROM (SELECT organization_id, grievance_report_zone(organization_id) AS tz
                FROM new_rows GROUP BY organization_id) z
          JOIN new_rows g ON g.organization_id = z.organization_id
          CROSS JOIN LATERAL grievance_report_facts(ROW(g.*)::grievances, z.tz) AS f
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ON CONFLICT (organization_id, dim, measure, grain, bucket, value, label, sort, state, days)
          DO UPDATE SET n = r.n + excluded.n, awarded = r.awarded + excluded.awarded,
                        recovered = r.recovered + excluded.recovered;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO grievance_report_rollups AS r
          SELECT c.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                 f.state, f.days, sum(c.sign), sum(c.sign * f.awarded), sum(c.sign * f.recovered)
          FROM (
            SELECT ROW(o.*)::grievances AS g, -1 AS sign, o.organization_id
            FROM old_rows o LEFT JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE n.id IS NULL
               OR (o.filed_at, o.status, o.outcome, o.closed_on, o.department, o.location, o.job_title,
                   o.step_index, o.step_name, o.articles, o.remedy_amount_cents, o.remedy_received_at)
                  IS DISTINCT FROM
                  (n.filed_at, n.status, n.outcome, n.closed_on, n.department, n.location, n.job_title,
                   n.step_index, n.step_name, n.articles, n.remedy_amount_cents, n.remedy_received_at)
            UNION ALL
            SELECT ROW(n.*)::grievances, 1, n.organization_id
            FROM new_rows n LEFT JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
            WHERE o.id IS NULL
               OR (o.filed_at, o.status, o.outcome, o.closed_on, o.department, o.location, o.job_title,
                   o.step_index, o.step_name, o.articles, o.remedy_amount_cents, o.remedy_received_at)
                  IS DISTINCT FROM
                  (n.filed_at, n.status, n.outcome, n.closed_on, n.department, n.location, n.job_title,
                   n.step_index, n.step_name, n.articles, n.remedy_amount_cents, n.remedy_received_at)
          ) c
          CROSS JOIN LATERAL grievance_report_facts(c.g, grievance_report_zone(c.organization_id)) AS f
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          HAVING sum(c.sign) <> 0 OR sum(c.sign * f.awarded) <> 0 OR sum(c.sign * f.recovered) <> 0
          ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ON CONFLICT (organization_id, dim, measure, grain, bucket, value, label, sort, state, days)
          DO UPDATE SET n = r.n + excluded.n, awarded = r.awarded + excluded.awarded,
                        recovered = r.recovered + excluded.recovered;
        ELSE
          UPDATE grievance_report_rollups r
          SET n = r.n - x.n, awarded = r.awarded - x.awarded, recovered = r.recovered - x.recovered
          FROM (
            SELECT g.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                   f.state, f.days, count(*) AS n, sum(f.awarded) AS awarded,
                   sum(f.recovered) AS recovered
            FROM (SELECT organization_id, grievance_report_zone(organization_id) AS tz
                  FROM old_rows GROUP BY organization_id) z
            JOIN old_rows g ON g.organization_id = z.organization_id
            CROSS JOIN LATERAL grievance_report_facts(ROW(g.*)::grievances, z.tz) AS f
            GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ) x
          WHERE (r.organization_id, r.dim, r.measure, r.grain, r.bucket, r.value, r.label, r.sort,
                 r.state, r.days)
              = (x.organization_id, x.dim, x.measure, x.grain, x.bucket, x.value, x.label, x.sort,
                 x.state, x.days);
        END IF;
        RETURN NULL;
      END $$;

    CREATE TRIGGER grievance_report_insert AFTER INSERT ON grievances
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_report_apply();
    CREATE TRIGGER grievance_report_update AFTER UPDATE ON grievances
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_report_apply();
    CREATE TRIGGER grievance_report_delete AFTER DELETE ON grievances
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_report_apply();

    -- Filing days are days in the organization's time zone: a new zone rebuilds its rows.
    CREATE FUNCTION grievance_report_zone_changed() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DECLARE
        org uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
        before text := CASE WHEN TG_OP = 'INSERT' THEN 'America/New_York' ELSE OLD.time_zone END;
        after text := CASE WHEN TG_OP = 'DELETE' THEN 'America/New_York' ELSE NEW.time_zone END;
      BEGIN
        IF before IS DISTINCT FROM after
           AND EXISTS (SELECT 1 FROM organizations WHERE id = org) THEN
          PERFORM grievance_report_rebuild(org);
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER grievance_report_zone AFTER INSERT OR UPDATE OR DELETE ON grievance_procedures
      FOR EACH ROW EXECUTE FUNCTION grievance_report_zone_changed();

    SELECT grievance_report_rebuild(id) FROM organizations;
  `.execute(db);
}
