import { type Kysely, sql } from "kysely";

/**
 * The deadline board and the workload at a million grievances (issue 28): their totals were
 * counted from every running deadline of the filter (the board's `?due=week`, 50,000 rows at a
 * million, took 821 ms and hit the 3 s statement timeout at 10 connections) and every open
 * grievance (the workload's unassigned cases). They now sum a few kept rows:
 *   deadline_running_counts  per organization, assignee ('' for nobody), due date and state
 *                            ('open' or 'missed'): how many running deadlines (not closed) of
 *                            grievances not resolved there are; rows that fall to 0 are removed
 *   grievance_open_counts    per organization and assignee ('' for nobody): how many
 *                            grievances are not resolved
 * A running deadline's row depends on the deadline (state, closed_on, due_date) and on its
 * grievance (status, assignee), so both tables have triggers: a statement on deadlines moves
 * its rows' counts using their grievances as they are; a statement on grievances that changes
 * whether one is resolved or who holds it moves its running deadlines' counts. A grievance
 * deleted takes its deadlines with it (ON DELETE CASCADE, which runs after the grievance row
 * is gone): a row trigger before the delete takes their counts off, and the deadlines'
 * trigger then finds no grievance and counts nothing twice. Net changes are written in key
 * order, in the writer's transaction, like 0010, 0080 and 0085. The app role may only read
 * them (the functions are SECURITY DEFINER), through row-level security.
 *
 * The board's page walks the running deadlines in (due date, id) order by a partial index of
 * exactly those rows; it used (organization_id, state, due_date), which returns two states
 * one after the other and made PostgreSQL sort the whole filter for every page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX grievance_deadlines_running_idx ON grievance_deadlines (organization_id, due_date, id)
      WHERE state IN ('open', 'missed') AND closed_on IS NULL;

    CREATE TABLE deadline_running_counts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      assignee_id text NOT NULL,
      due_date date NOT NULL,
      state text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (organization_id, assignee_id, due_date, state)
    );
    -- The rows a statement brought to 0, found without reading the organization's others.
    CREATE INDEX deadline_running_counts_zero_idx ON deadline_running_counts (organization_id)
      WHERE n = 0;
    CREATE TABLE grievance_open_counts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      assignee_id text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (organization_id, assignee_id)
    );
  `.execute(db);
  for (const table of ["deadline_running_counts", "grievance_open_counts"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
      REVOKE ALL ON ${sql.table(table)} FROM unionhall_app;
      GRANT SELECT ON ${sql.table(table)} TO unionhall_app;
    `.execute(db);
  }

  await sql`
    -- A deadline counts while it runs (open, or marked missed and not settled) and its
    -- grievance is not resolved; old_rows / new_rows are the statement's transition tables.
    CREATE FUNCTION deadline_running_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
          SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, count(*)
          FROM new_rows d
          JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
          WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND g.status <> 'resolved'
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (organization_id, assignee_id, due_date, state) DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
          SELECT organization_id, assignee_id, due_date, state, sum(sign) FROM (
            SELECT d.organization_id, coalesce(g.assignee_id, '') AS assignee_id, d.due_date,
                   d.state, -1 AS sign
            FROM old_rows d
            JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
            WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND g.status <> 'resolved'
            UNION ALL
            SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, 1
            FROM new_rows d
            JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
            WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND g.status <> 'resolved'
          ) x
          GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
          ON CONFLICT (organization_id, assignee_id, due_date, state) DO UPDATE SET n = c.n + excluded.n;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id IN (SELECT organization_id FROM new_rows) AND c.n = 0;
        ELSE
          -- Never inserts: an organization being deleted must not get a row back.
          UPDATE deadline_running_counts c SET n = c.n - x.n
          FROM (SELECT d.organization_id, coalesce(g.assignee_id, '') AS assignee_id, d.due_date,
                       d.state, count(*) AS n
                FROM old_rows d
                JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
                WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND g.status <> 'resolved'
                GROUP BY 1, 2, 3, 4) x
          WHERE c.organization_id = x.organization_id AND c.assignee_id = x.assignee_id
            AND c.due_date = x.due_date AND c.state = x.state;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id IN (SELECT organization_id FROM old_rows) AND c.n = 0;
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER deadline_running_insert AFTER INSERT ON grievance_deadlines
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deadline_running_apply();
    CREATE TRIGGER deadline_running_update AFTER UPDATE ON grievance_deadlines
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deadline_running_apply();
    CREATE TRIGGER deadline_running_delete AFTER DELETE ON grievance_deadlines
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deadline_running_apply();

    -- Open cases per assignee; and, when a statement resolves, reopens or reassigns
    -- grievances, their running deadlines' counts move with them.
    CREATE FUNCTION grievance_open_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO grievance_open_counts AS c (organization_id, assignee_id, n)
          SELECT organization_id, coalesce(assignee_id, ''), count(*) FROM new_rows
          WHERE status <> 'resolved'
          GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (organization_id, assignee_id) DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO grievance_open_counts AS c (organization_id, assignee_id, n)
          SELECT organization_id, assignee_id, sum(sign) FROM (
            SELECT organization_id, coalesce(assignee_id, '') AS assignee_id, -1 AS sign
            FROM old_rows WHERE status <> 'resolved'
            UNION ALL
            SELECT organization_id, coalesce(assignee_id, ''), 1
            FROM new_rows WHERE status <> 'resolved'
          ) x
          GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
          ON CONFLICT (organization_id, assignee_id) DO UPDATE SET n = c.n + excluded.n;

          INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
          SELECT d.organization_id, x.assignee_id, d.due_date, d.state, sum(x.sign)
          FROM (
            SELECT o.organization_id, o.id, coalesce(o.assignee_id, '') AS assignee_id, -1 AS sign
            FROM old_rows o JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE o.status <> 'resolved'
              AND (n.status = 'resolved' OR o.assignee_id IS DISTINCT FROM n.assignee_id)
            UNION ALL
            SELECT n.organization_id, n.id, coalesce(n.assignee_id, ''), 1
            FROM old_rows o JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE n.status <> 'resolved'
              AND (o.status = 'resolved' OR o.assignee_id IS DISTINCT FROM n.assignee_id)
          ) x
          JOIN grievance_deadlines d ON d.organization_id = x.organization_id AND d.grievance_id = x.id
          WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
          GROUP BY 1, 2, 3, 4 HAVING sum(x.sign) <> 0 ORDER BY 1, 2, 3, 4
          ON CONFLICT (organization_id, assignee_id, due_date, state) DO UPDATE SET n = c.n + excluded.n;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id IN (SELECT organization_id FROM new_rows) AND c.n = 0;
        ELSE
          UPDATE grievance_open_counts c SET n = c.n - x.n
          FROM (SELECT organization_id, coalesce(assignee_id, '') AS assignee_id, count(*) AS n
                FROM old_rows WHERE status <> 'resolved' GROUP BY 1, 2) x
          WHERE c.organization_id = x.organization_id AND c.assignee_id = x.assignee_id;
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER grievance_open_insert AFTER INSERT ON grievances
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_open_apply();
    CREATE TRIGGER grievance_open_update AFTER UPDATE ON grievances
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_open_apply();
    CREATE TRIGGER grievance_open_delete AFTER DELETE ON grievances
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION grievance_open_apply();

    -- Before the cascade deletes its deadlines (and while they can still be read).
    CREATE FUNCTION grievance_deleted_deadlines() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF OLD.status <> 'resolved' THEN
          UPDATE deadline_running_counts c SET n = c.n - x.n
          FROM (SELECT due_date, state, count(*) AS n FROM grievance_deadlines
                WHERE organization_id = OLD.organization_id AND grievance_id = OLD.id
                  AND state IN ('open', 'missed') AND closed_on IS NULL
                GROUP BY 1, 2) x
          WHERE c.organization_id = OLD.organization_id
            AND c.assignee_id = coalesce(OLD.assignee_id, '')
            AND c.due_date = x.due_date AND c.state = x.state;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id = OLD.organization_id AND c.n = 0;
        END IF;
        RETURN OLD;
      END $$;
    CREATE TRIGGER grievance_deleted_deadlines BEFORE DELETE ON grievances
      FOR EACH ROW EXECUTE FUNCTION grievance_deleted_deadlines();

    INSERT INTO deadline_running_counts (organization_id, assignee_id, due_date, state, n)
    SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, count(*)
    FROM grievance_deadlines d
    JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
    WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND g.status <> 'resolved'
    GROUP BY 1, 2, 3, 4;
    INSERT INTO grievance_open_counts (organization_id, assignee_id, n)
    SELECT organization_id, coalesce(assignee_id, ''), count(*) FROM grievances
    WHERE status <> 'resolved' GROUP BY 1, 2;
  `.execute(db);
}
