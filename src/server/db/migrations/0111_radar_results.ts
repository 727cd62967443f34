import { type Kysely, sql } from "kysely";

/**
 * The repeat-violation radar at a million grievances (issue 28): it chains a year of
 * citations in filing order (over 3 s at a million), and a pattern can start at any
 * grievance, so no count kept per day answers it. It is now computed when what it reads
 * changed and kept until then:
 *   insight_radar           per organization: `version`, raised by the database in the
 *                           writer's transaction by every statement that files, deletes or
 *                           changes what the radar reads of a grievance (filing time,
 *                           articles, type, department, location); and what the last run
 *                           saw (`computed_version`, the day and time zone it ran for, when)
 *   insight_radar_clusters  that run's patterns, before dismissals, in the order the radar
 *                           shows them (`rank`), so an answer reads the first few rows
 * A run reads `version` before the grievances, so a filing it did not see leaves the version
 * above what it saved. Dismissals are applied when reading (they change no run). The app role
 * saves runs (row-level security: its own organization only) and never writes `version`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE insight_radar (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      version bigint NOT NULL DEFAULT 1,
      computed_version bigint,
      computed_for date,
      time_zone text,
      computed_at timestamptz
    );
    CREATE TABLE insight_radar_clusters (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      rank integer NOT NULL,
      id text NOT NULL,
      count integer NOT NULL,
      cluster jsonb NOT NULL,
      PRIMARY KEY (organization_id, rank)
    );
  `.execute(db);
  for (const table of ["insight_radar", "insight_radar_clusters"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
      REVOKE ALL ON ${sql.table(table)} FROM unionhall_app;
    `.execute(db);
  }
  await sql`
    GRANT SELECT ON insight_radar TO unionhall_app;
    GRANT INSERT (organization_id, computed_version, computed_for, time_zone, computed_at),
          UPDATE (computed_version, computed_for, time_zone, computed_at)
      ON insight_radar TO unionhall_app;
    GRANT SELECT, INSERT, DELETE ON insight_radar_clusters TO unionhall_app;

    CREATE FUNCTION insight_radar_touch() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO insight_radar AS r (organization_id)
          SELECT DISTINCT organization_id FROM new_rows ORDER BY 1
          ON CONFLICT (organization_id) DO UPDATE SET version = r.version + 1;
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE insight_radar r SET version = r.version + 1
          WHERE r.organization_id IN (
            SELECT o.organization_id FROM old_rows o
            JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE (o.filed_at, o.articles, o.type, o.department, o.location)
                  IS DISTINCT FROM (n.filed_at, n.articles, n.type, n.department, n.location));
        ELSE
          -- Never inserts: an organization being deleted must not get a row back.
          UPDATE insight_radar r SET version = r.version + 1
          WHERE r.organization_id IN (SELECT organization_id FROM old_rows);
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER insight_radar_insert AFTER INSERT ON grievances
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_radar_touch();
    CREATE TRIGGER insight_radar_update AFTER UPDATE ON grievances
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_radar_touch();
    CREATE TRIGGER insight_radar_delete AFTER DELETE ON grievances
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION insight_radar_touch();

    INSERT INTO insight_radar (organization_id) SELECT id FROM organizations;
  `.execute(db);
}
