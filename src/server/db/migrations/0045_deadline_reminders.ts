import { type Kysely, sql } from "kysely";

/**
 * Deadline reminders, the calendar feed and the grievant kept informed (issue 18).
 *   grievances + grievant_updated_at   the last time the grievant heard from the union: a
 *                                      log entry they can see, written by someone else, of a
 *                                      kind that also mails them (comments, status changes,
 *                                      the employer's answer, appeals, extensions, holds,
 *                                      assignment); kept by a trigger on grievance_events
 *   users + remind_three_days, remind_one_day   the two reminders a person may turn off
 *   deadline_reminders   one row per reminder sent: (deadline, kind, recipient, due date) is
 *                        unique and the row is inserted in the transaction that queues the
 *                        mail, so a reminder goes out once whatever the number of instances
 *   calendar_feeds       one private feed address per person and organization; only the
 *                        token's SHA-256 is kept
 * Two SECURITY DEFINER doors cross organizations: `due_deadline_reminders(at)` lists the
 * reminders due at `at` (07:00 or later, local time, in the deadline's own time zone) that
 * are not yet claimed, and `calendar_feed_by_token(hash)` finds the feed of one token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievances ADD COLUMN grievant_updated_at timestamptz;
    UPDATE grievances g SET grievant_updated_at = coalesce((
      SELECT max(e.created_at) FROM grievance_events e
      WHERE e.organization_id = g.organization_id AND e.grievance_id = g.id
        AND e.kind IN ('comment', 'status', 'response', 'appeal', 'extension', 'hold', 'resume', 'assign')
        AND e.actor_id IS NOT NULL AND e.actor_id IS DISTINCT FROM g.submitted_by), g.filed_at);
    UPDATE grievances SET grievant_updated_at = filed_at WHERE grievant_updated_at IS NULL;
    ALTER TABLE grievances ALTER COLUMN grievant_updated_at SET DEFAULT now();
    ALTER TABLE grievances ALTER COLUMN grievant_updated_at SET NOT NULL;

    -- Runs as the inserting role under its row-level security: the event and its grievance
    -- belong to the same organization.
    CREATE FUNCTION touch_grievant_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind IN ('comment', 'status', 'response', 'appeal', 'extension', 'hold', 'resume', 'assign')
           AND NEW.actor_id IS NOT NULL THEN
          UPDATE grievances SET grievant_updated_at = greatest(grievant_updated_at, NEW.created_at)
          WHERE organization_id = NEW.organization_id AND id = NEW.grievance_id
            AND submitted_by IS DISTINCT FROM NEW.actor_id;
        END IF;
        RETURN NEW;
      END $$;
    CREATE TRIGGER grievance_events_grievant_updated AFTER INSERT ON grievance_events
      FOR EACH ROW EXECUTE FUNCTION touch_grievant_updated();

    ALTER TABLE users
      ADD COLUMN remind_three_days boolean NOT NULL DEFAULT true,
      ADD COLUMN remind_one_day boolean NOT NULL DEFAULT true;

    CREATE TABLE deadline_reminders (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      deadline_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('three_days', 'one_day', 'due_today')),
      recipient_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      due_date date NOT NULL,
      digest boolean NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, deadline_id, kind, recipient_id, due_date),
      FOREIGN KEY (organization_id, deadline_id)
        REFERENCES grievance_deadlines (organization_id, id) ON DELETE CASCADE
    );

    CREATE TABLE calendar_feeds (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      scope text NOT NULL CHECK (scope IN ('mine', 'all')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    );
    CREATE UNIQUE INDEX calendar_feeds_token_idx ON calendar_feeds (organization_id, token_hash);
  `.execute(db);
  for (const table of ["deadline_reminders", "calendar_feeds"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    `.execute(db);
  }
  // A reminder sent is a record: the application adds them, never changes them.
  await sql`REVOKE UPDATE, DELETE ON deadline_reminders FROM unionhall_app`.execute(db);

  await sql`
    -- The reminders due at 'at' and not yet claimed: for each running deadline of each
    -- organization whose local day in the deadline's time zone is 3, 1 or 0 days before the
    -- due date and whose local time is 07:00 or later; to the assignee, or to every steward
    -- and admin when nobody is assigned; minus the kinds a person turned off (never
    -- 'due_today'). One organization at a time, by the index (organization_id, state, due_date).
    CREATE FUNCTION due_deadline_reminders(at timestamptz)
      RETURNS TABLE (organization_id uuid, deadline_id uuid, kind text, recipient_id text,
                     due_date date)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        WITH due AS (
          SELECT d.organization_id, d.id, d.due_date, d.grievance_id,
                 CASE d.due_date - (at AT TIME ZONE d.time_zone)::date
                   WHEN 3 THEN 'three_days' WHEN 1 THEN 'one_day' ELSE 'due_today' END AS kind
          FROM organizations o
          CROSS JOIN LATERAL (
            SELECT x.* FROM grievance_deadlines x
            WHERE x.organization_id = o.id AND x.state = 'open' AND x.closed_on IS NULL
              AND x.due_date BETWEEN (at AT TIME ZONE 'UTC')::date - 1
                                 AND (at AT TIME ZONE 'UTC')::date + 4
          ) d
          WHERE d.due_date - (at AT TIME ZONE d.time_zone)::date IN (0, 1, 3)
            AND (at AT TIME ZONE d.time_zone)::time >= time '07:00'
        ), people AS (
          SELECT due.*, g.assignee_id AS person FROM due
          JOIN grievances g ON g.organization_id = due.organization_id AND g.id = due.grievance_id
          WHERE g.assignee_id IS NOT NULL AND g.status <> 'resolved' AND g.held_on IS NULL
          UNION ALL
          SELECT due.*, m.user_id FROM due
          JOIN grievances g ON g.organization_id = due.organization_id AND g.id = due.grievance_id
          JOIN memberships m ON m.organization_id = due.organization_id
                            AND m.role IN ('steward', 'admin')
          WHERE g.assignee_id IS NULL AND g.status <> 'resolved' AND g.held_on IS NULL
        )
        SELECT p.organization_id, p.id, p.kind, p.person, p.due_date
        FROM people p JOIN users u ON u.id = p.person
        WHERE (p.kind <> 'three_days' OR u.remind_three_days)
          AND (p.kind <> 'one_day' OR u.remind_one_day)
          AND NOT EXISTS (
            SELECT 1 FROM deadline_reminders r
            WHERE r.organization_id = p.organization_id AND r.deadline_id = p.id
              AND r.kind = p.kind AND r.recipient_id = p.person AND r.due_date = p.due_date) $$;
    REVOKE ALL ON FUNCTION due_deadline_reminders(timestamptz) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION due_deadline_reminders(timestamptz) TO unionhall_app;

    CREATE FUNCTION calendar_feed_by_token(hash text)
      RETURNS TABLE (organization_id uuid, user_id text, scope text)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT f.organization_id, f.user_id, f.scope FROM calendar_feeds f
        JOIN memberships m ON m.organization_id = f.organization_id AND m.user_id = f.user_id
        WHERE f.token_hash = hash AND m.role IN ('steward', 'admin') $$;
    REVOKE ALL ON FUNCTION calendar_feed_by_token(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION calendar_feed_by_token(text) TO unionhall_app;
  `.execute(db);
}
