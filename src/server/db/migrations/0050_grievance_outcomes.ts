import { type Kysely, sql } from "kysely";

/**
 * Outcomes and remedies, group and policy grievances (issue 19, product-decisions.md 30, 31).
 *   grievances + outcome, outcome_summary, closed_on      how it ended (null outcome on a
 *                                                         resolved grievance: not recorded)
 *              + remedy_amount_cents, remedy_due_date,    a money remedy and its payment
 *                remedy_description, remedy_received_at,
 *                remedy_confirmed_by(_name)
 *              + type, related_ids                        individual, group or policy; links
 *   grievance_grievants   the grievants of a group grievance besides its submitter (who
 *                         stays `submitted_by`); each sees it as their own (decision 13)
 *   grievance_deadlines   kind 'remedy': the day the employer must pay
 * `claim_missed_deadlines` is replaced to word a missed remedy as such.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievances
      ADD COLUMN type text NOT NULL DEFAULT 'individual'
        CHECK (type IN ('individual', 'group', 'policy')),
      ADD COLUMN related_ids text[] NOT NULL DEFAULT '{}',
      ADD COLUMN outcome text CHECK (outcome IN ('granted', 'settled', 'withdrawn', 'denied',
        'arbitration_won', 'arbitration_lost')),
      ADD COLUMN outcome_summary text,
      ADD COLUMN closed_on date,
      ADD COLUMN remedy_amount_cents bigint CHECK (remedy_amount_cents > 0),
      ADD COLUMN remedy_due_date date,
      ADD COLUMN remedy_description text,
      ADD COLUMN remedy_received_at timestamptz,
      ADD COLUMN remedy_confirmed_by text REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN remedy_confirmed_by_name text;

    -- The dashboard's year of wins and back pay.
    CREATE INDEX grievances_closed_idx ON grievances (organization_id, closed_on)
      WHERE outcome IS NOT NULL;
    CREATE INDEX grievances_type_idx ON grievances (organization_id, type, filed_at DESC, id DESC);

    CREATE TABLE grievance_grievants (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      grievance_id text NOT NULL,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, grievance_id, user_id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    -- My Grievances: the grievances a person is a grievant of.
    CREATE INDEX grievance_grievants_user_idx ON grievance_grievants (organization_id, user_id);
    ALTER TABLE grievance_grievants ENABLE ROW LEVEL SECURITY;
    ALTER TABLE grievance_grievants FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_grievants
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    ALTER TABLE grievance_deadlines DROP CONSTRAINT grievance_deadlines_kind_check;
    ALTER TABLE grievance_deadlines ADD CONSTRAINT grievance_deadlines_kind_check
      CHECK (kind IN ('filing', 'response', 'appeal', 'remedy'));

    ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
    ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check CHECK (kind IN (
      'filed', 'status', 'comment', 'attachment', 'note', 'response', 'appeal', 'extension',
      'hold', 'resume', 'assign', 'deadline', 'outcome', 'remedy', 'reopen', 'grievants',
      'link'));

    CREATE OR REPLACE FUNCTION claim_missed_deadlines(at timestamptz)
      RETURNS TABLE (organization_id uuid, grievance_id text, kind text, step_name text,
                     due_date date, subject text, submitted_by text, assignee_email text,
                     admin_emails text[])
      LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        WITH due AS (
          SELECT d.organization_id, d.id
          FROM organizations o
          CROSS JOIN LATERAL (
            SELECT x.organization_id, x.id FROM grievance_deadlines x
            WHERE x.organization_id = o.id AND x.state = 'open'
              AND x.due_date < (at AT TIME ZONE 'UTC')::date + 1
              AND x.due_date < (at AT TIME ZONE x.time_zone)::date
          ) d
        ), claimed AS (
          UPDATE grievance_deadlines x SET state = 'missed', missed_at = at
          FROM due WHERE x.organization_id = due.organization_id AND x.id = due.id
            AND x.state = 'open'
          RETURNING x.organization_id, x.grievance_id, x.kind, x.step_name, x.due_date
        ), logged AS (
          INSERT INTO grievance_events (organization_id, grievance_id, actor_id, actor_name,
                                        actor_role, kind, text)
          SELECT c.organization_id, c.grievance_id, NULL, 'System', 'system', 'deadline',
                 CASE c.kind
                   WHEN 'remedy' THEN 'Remedy overdue: the employer''s payment'
                   ELSE 'Deadline missed: ' || CASE c.kind
                     WHEN 'response' THEN 'the employer''s answer at ' || c.step_name
                     WHEN 'appeal' THEN 'the union''s appeal from ' || c.step_name
                     ELSE 'the filing limit' END END
                 || ' was due ' || to_char(c.due_date, 'Dy FMDD Mon YYYY') || '.'
          FROM claimed c
        )
        SELECT c.organization_id, c.grievance_id, c.kind, c.step_name, c.due_date, g.subject,
               g.submitted_by, u.email,
               coalesce((SELECT array_agg(au.email ORDER BY au.email) FROM memberships m
                         JOIN users au ON au.id = m.user_id
                         WHERE m.organization_id = c.organization_id AND m.role = 'admin'), '{}')
        FROM claimed c
        JOIN grievances g ON g.organization_id = c.organization_id AND g.id = c.grievance_id
        LEFT JOIN users u ON u.id = g.assignee_id $$;
  `.execute(db);
}
