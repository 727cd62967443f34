import { type Kysely, sql } from "kysely";

/**
 * Grievance steps and contract deadlines (issue 17, product-decisions.md 25 to 28).
 *   grievances + subject, incident_date, articles      what the filing says
 *              + step_index, step_name                  where it stands (Step 1 is index 0)
 *              + assignee_id                            the steward responsible
 *              + held_on, hold_reason                   abeyance
 *              + next_deadline_id, next_due_date        the deadline that runs now, kept here
 *                                                       so the tracker sorts and filters by it
 *                                                       without reading any deadline rows
 *   grievance_deadlines  one row per deadline; the rule it was computed with (limit, day
 *                        type, time zone) is copied in, so a changed procedure never rewrites
 *                        an open deadline; explanation and history only grow
 *   grievance_answers    the employer's answers, one per step
 * `claim_missed_deadlines` is the one cross-organization door: it marks every open deadline
 * whose due date has ended in its own time zone as missed, in the same statement that reads
 * it, so several server instances never claim one twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievances
      ADD COLUMN subject text NOT NULL DEFAULT '',
      ADD COLUMN incident_date date,
      ADD COLUMN articles text[] NOT NULL DEFAULT '{}',
      ADD COLUMN step_index integer NOT NULL DEFAULT 0,
      ADD COLUMN step_name text NOT NULL DEFAULT 'Step 1',
      ADD COLUMN assignee_id text REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN held_on date,
      ADD COLUMN hold_reason text,
      ADD COLUMN filing_late boolean NOT NULL DEFAULT false,
      ADD COLUMN next_deadline_id uuid,
      ADD COLUMN next_due_date date;

    -- Grievances filed before steps existed: escalated ones stand at Step 2.
    UPDATE grievances SET
      subject = CASE WHEN char_length(regexp_replace(description, '\\s+', ' ', 'g')) <= 80
                     THEN regexp_replace(description, '\\s+', ' ', 'g')
                     ELSE left(regexp_replace(description, '\\s+', ' ', 'g'), 79) || '…' END,
      step_index = CASE WHEN status = 'escalated' THEN 1 ELSE 0 END,
      step_name = CASE WHEN status = 'escalated' THEN 'Step 2' ELSE 'Step 1' END;

    -- The tracker's sorts and filters (?sort=deadline, ?due=, ?assignee=me, by column).
    CREATE INDEX grievances_next_due_idx
      ON grievances (organization_id, (coalesce(next_due_date, 'infinity'::date)), id);
    CREATE INDEX grievances_assignee_idx
      ON grievances (organization_id, assignee_id, filed_at DESC, id DESC);
    CREATE INDEX grievances_subject_idx ON grievances (organization_id, subject, id);
    CREATE INDEX grievances_status_id_idx ON grievances (organization_id, status, id);

    ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
    ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check CHECK (kind IN (
      'filed', 'status', 'comment', 'attachment', 'note', 'response', 'appeal', 'extension',
      'hold', 'resume', 'assign', 'deadline'));

    CREATE TABLE grievance_deadlines (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      step_index integer NOT NULL,
      step_name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('filing', 'response', 'appeal')),
      due_date date NOT NULL,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'met', 'missed', 'paused')),
      extended_from date,
      explanation text[] NOT NULL,
      limit_days integer NOT NULL,
      day_type text NOT NULL CHECK (day_type IN ('calendar', 'business')),
      time_zone text NOT NULL,
      history jsonb NOT NULL DEFAULT '[]',
      closed_on date,
      missed_at timestamptz,
      -- clock_timestamp: deadlines opened in one transaction keep their order.
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX grievance_deadlines_grievance_idx
      ON grievance_deadlines (organization_id, grievance_id, created_at);
    CREATE INDEX grievance_deadlines_due_idx
      ON grievance_deadlines (organization_id, state, due_date);

    CREATE TABLE grievance_answers (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      step_index integer NOT NULL,
      step_name text NOT NULL,
      received_on date NOT NULL,
      decision text NOT NULL CHECK (decision IN ('denied', 'granted', 'partial')),
      text text NOT NULL,
      recorded_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX grievance_answers_grievance_idx
      ON grievance_answers (organization_id, grievance_id, step_index);
  `.execute(db);
  for (const table of ["grievance_deadlines", "grievance_answers"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    `.execute(db);
  }
  // The answers are a record: the application adds to them, never changes them.
  await sql`REVOKE UPDATE, DELETE ON grievance_answers FROM unionhall_app`.execute(db);

  await sql`
    -- Every open deadline whose due date has ended in its own time zone at 'at', across
    -- organizations: marked missed (once: the UPDATE re-checks state = 'open' on a row another
    -- instance is claiming and skips it), logged, and returned with what the caller needs to
    -- tell the assignee and the admins. One organization at a time, by the index
    -- (organization_id, state, due_date); no time zone is more than a day ahead of UTC.
    CREATE FUNCTION claim_missed_deadlines(at timestamptz)
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
                 'Deadline missed: ' || CASE c.kind
                   WHEN 'response' THEN 'the employer''s answer at ' || c.step_name
                   WHEN 'appeal' THEN 'the union''s appeal from ' || c.step_name
                   ELSE 'the filing limit' END
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
    REVOKE ALL ON FUNCTION claim_missed_deadlines(timestamptz) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION claim_missed_deadlines(timestamptz) TO unionhall_app;
  `.execute(db);
}
