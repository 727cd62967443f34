import { type Kysely, sql } from "kysely";

/**
 * A money remedy's payment date stays on the deadline board until it is confirmed (issue 30):
 * a `remedy` deadline runs after its grievance is resolved, so the kept counts (0110) count a
 * running deadline when its grievance is open OR it is a remedy. The three trigger functions of
 * 0110 are restated whole with that condition (a resolve or reopen moves the other deadlines'
 * counts, never the remedy's), and the remedies running now are added to the counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION deadline_running_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
          SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, count(*)
          FROM new_rows d
          JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
          WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
            AND (g.status <> 'resolved' OR d.kind = 'remedy')
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (organization_id, assignee_id, due_date, state) DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
          SELECT organization_id, assignee_id, due_date, state, sum(sign) FROM (
            SELECT d.organization_id, coalesce(g.assignee_id, '') AS assignee_id, d.due_date,
                   d.state, -1 AS sign
            FROM old_rows d
            JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
            WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
            AND (g.status <> 'resolved' OR d.kind = 'remedy')
            UNION ALL
            SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, 1
            FROM new_rows d
            JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
            WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
            AND (g.status <> 'resolved' OR d.kind = 'remedy')
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
                WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
            AND (g.status <> 'resolved' OR d.kind = 'remedy')
                GROUP BY 1, 2, 3, 4) x
          WHERE c.organization_id = x.organization_id AND c.assignee_id = x.assignee_id
            AND c.due_date = x.due_date AND c.state = x.state;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id IN (SELECT organization_id FROM old_rows) AND c.n = 0;
        END IF;
        RETURN NULL;
      END $$;
    CREATE OR REPLACE FUNCTION grievance_open_apply() RETURNS trigger
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
          WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL AND d.kind <> 'remedy'
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
    CREATE OR REPLACE FUNCTION grievance_deleted_deadlines() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        UPDATE deadline_running_counts c SET n = c.n - x.n
          FROM (SELECT due_date, state, count(*) AS n FROM grievance_deadlines
                WHERE organization_id = OLD.organization_id AND grievance_id = OLD.id
                  AND state IN ('open', 'missed') AND closed_on IS NULL
                  AND (OLD.status <> 'resolved' OR kind = 'remedy')
                GROUP BY 1, 2) x
          WHERE c.organization_id = OLD.organization_id
            AND c.assignee_id = coalesce(OLD.assignee_id, '')
            AND c.due_date = x.due_date AND c.state = x.state;
          DELETE FROM deadline_running_counts c
          WHERE c.organization_id = OLD.organization_id AND c.n = 0;
        RETURN OLD;
      END $$;
    INSERT INTO deadline_running_counts AS c (organization_id, assignee_id, due_date, state, n)
    SELECT d.organization_id, coalesce(g.assignee_id, ''), d.due_date, d.state, count(*)
    FROM grievance_deadlines d
    JOIN grievances g ON g.organization_id = d.organization_id AND g.id = d.grievance_id
    WHERE d.state IN ('open', 'missed') AND d.closed_on IS NULL
      AND g.status = 'resolved' AND d.kind = 'remedy'
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, assignee_id, due_date, state) DO UPDATE SET n = c.n + excluded.n;
  `.execute(db);
}
