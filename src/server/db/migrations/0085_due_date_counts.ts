import { type Kysely, sql } from "kysely";

/**
 * The dashboard's deadline numbers at a million grievances (issue 15): how many grievances'
 * running deadline falls on each day, kept by the database, so "overdue" and "due this week"
 * sum a row per day instead of counting every grievance whose deadline has passed (the bench's
 * 750,000 running deadlines made the dashboard take 430 ms and time out at 10 connections).
 *   grievance_due_counts  per organization and day of `grievances.next_due_date`, how many
 *                         grievances have that running deadline (n may fall to 0)
 * Statement-level triggers apply each statement's net change in the same transaction, as the
 * report roll-ups do (0080); the app role may only read the table, through row-level security.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE grievance_due_counts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      due_date date NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (organization_id, due_date)
    );
    ALTER TABLE grievance_due_counts ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_due_counts
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    REVOKE ALL ON grievance_due_counts FROM unionhall_app;
    GRANT SELECT ON grievance_due_counts TO unionhall_app;

    CREATE FUNCTION grievance_due_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO grievance_due_counts AS c (organization_id, due_date, n)
          SELECT organization_id, next_due_date, count(*) FROM new_rows
          WHERE next_due_date IS NOT NULL
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (organization_id, due_date) DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO grievance_due_counts AS c (organization_id, due_date, n)
          SELECT organization_id, due, sum(sign) FROM (
            SELECT organization_id, next_due_date AS due, -1 AS sign FROM old_rows
            WHERE next_due_date IS NOT NULL
            UNION ALL
            SELECT organization_id, next_due_date, 1 FROM new_rows
            WHERE next_due_date IS NOT NULL
          ) x
          GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
          ON CONFLICT (organization_id, due_date) DO UPDATE SET n = c.n + excluded.n;
        ELSE
          UPDATE grievance_due_counts c SET n = c.n - x.n
          FROM (SELECT organization_id, next_due_date, count(*) AS n FROM old_rows
                WHERE next_due_date IS NOT NULL GROUP BY 1, 2) x
          WHERE c.organization_id = x.organization_id AND c.due_date = x.next_due_date;
        END IF;
        RETURN NULL;
      END $$;

    CREATE TRIGGER grievance_due_insert AFTER INSERT ON grievances
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_due_apply();
    CREATE TRIGGER grievance_due_update AFTER UPDATE ON grievances
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_due_apply();
    CREATE TRIGGER grievance_due_delete AFTER DELETE ON grievances
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_due_apply();

    INSERT INTO grievance_due_counts (organization_id, due_date, n)
    SELECT organization_id, next_due_date, count(*) FROM grievances
    WHERE next_due_date IS NOT NULL GROUP BY 1, 2;
  `.execute(db);
}
