import { type Kysely, sql } from "kysely";

/**
 * Information requests on a grievance (issue 33, product-decisions.md 35).
 *   grievance_procedures + information_response_limit, toll_while_information_pending
 *   information_requests        one request: its due date and explanation (counted by the
 *                               engine, the rule copied in), how and when it was served (a
 *                               link's token SHA-256 only, or paper), the day its last item
 *                               was answered, the deadline it tolled, the due-date reminder
 *   information_request_items   the items, each with its state, answer day and note
 *   information_request_files   the employer's files, each with its SHA-256
 *   information_request_log     every creation, service, opening, answer, file, reminder
 *                               and letter with its time (and SHA-256 for files and letters);
 *                               only added to, never changed
 *   information_item_library    the local's own item texts, and the defaults it removed
 * Two SECURITY DEFINER doors cross organizations: `information_request_by_token(hash)`
 * answers the organization and the row of a request's token, nothing else, and
 * `due_information_reminders(at)` lists the requests due that local day (from 07:00 in the
 * request's time zone) whose reminder is not yet sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievance_procedures
      ADD COLUMN information_response_limit jsonb NOT NULL
        DEFAULT '{"days": 10, "dayType": "business"}',
      ADD COLUMN toll_while_information_pending boolean NOT NULL DEFAULT false;

    CREATE TABLE information_requests (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      due_date date NOT NULL,
      explanation text[] NOT NULL,
      limit_days integer NOT NULL CHECK (limit_days BETWEEN 1 AND 365),
      day_type text NOT NULL CHECK (day_type IN ('calendar', 'business')),
      time_zone text NOT NULL,
      served_on date,
      served_via text CHECK (served_via IN ('link', 'paper')),
      contact_name text,
      contact_email text,
      message text NOT NULL DEFAULT '',
      token_hash text,
      expires_at timestamptz,
      mail_id bigint,
      opened_at timestamptz,
      answered_on date,
      toll_deadline_id uuid,
      toll_applied boolean NOT NULL DEFAULT false,
      reminded_at timestamptz,
      created_by text REFERENCES users(id) ON DELETE SET NULL,
      created_by_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id)
        REFERENCES grievances (organization_id, id) ON DELETE CASCADE,
      CHECK ((served_on IS NULL) = (served_via IS NULL))
    );
    CREATE UNIQUE INDEX information_requests_token_idx ON information_requests (token_hash);
    CREATE INDEX information_requests_grievance_idx
      ON information_requests (organization_id, grievance_id, created_at);
    -- The reminder job reads the open requests due on a day, organization by organization.
    CREATE INDEX information_requests_due_idx ON information_requests (organization_id, due_date)
      WHERE answered_on IS NULL AND served_on IS NOT NULL;

    CREATE TABLE information_request_items (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL,
      position integer NOT NULL,
      text text NOT NULL,
      state text NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'provided', 'partial', 'refused', 'does_not_exist')),
      answered_on date,
      note text NOT NULL DEFAULT '',
      answered_via text CHECK (answered_via IN ('link', 'paper')),
      answered_by_name text,
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, request_id)
        REFERENCES information_requests (organization_id, id) ON DELETE CASCADE,
      CHECK ((state = 'pending') = (answered_on IS NULL))
    );
    CREATE INDEX information_request_items_request_idx
      ON information_request_items (organization_id, request_id, position);

    CREATE TABLE information_request_files (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL,
      item_id uuid NOT NULL,
      name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      storage_key text NOT NULL,
      sha256 text NOT NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, item_id)
        REFERENCES information_request_items (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX information_request_files_request_idx
      ON information_request_files (organization_id, request_id, uploaded_at);

    CREATE TABLE information_request_log (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL,
      item_id uuid,
      kind text NOT NULL CHECK (kind IN ('created', 'served', 'opened', 'answer', 'file',
        'reminder', 'letter')),
      via text CHECK (via IN ('link', 'paper')),
      actor_name text NOT NULL,
      state text,
      on_day date,
      note text,
      file_name text,
      sha256 text,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, request_id)
        REFERENCES information_requests (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX information_request_log_request_idx
      ON information_request_log (organization_id, request_id, at);

    CREATE TABLE information_item_library (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      -- A default removed by the local (its key), or a text of the local's own.
      removed_default text,
      text text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      CHECK ((removed_default IS NULL) <> (text IS NULL))
    );
    CREATE UNIQUE INDEX information_item_library_removed_idx
      ON information_item_library (organization_id, removed_default);
    CREATE UNIQUE INDEX information_item_library_text_idx
      ON information_item_library (organization_id, lower(text));
  `.execute(db);
  for (const table of [
    "information_requests",
    "information_request_items",
    "information_request_files",
    "information_request_log",
    "information_item_library",
  ]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    `.execute(db);
  }
  // The log and the files are records: added, never changed or removed by the application.
  await sql`
    REVOKE UPDATE, DELETE ON information_request_log FROM unionhall_app;
    REVOKE UPDATE, DELETE ON information_request_files FROM unionhall_app;
    REVOKE DELETE ON information_requests, information_request_items FROM unionhall_app;
  `.execute(db);
  await sql`
    CREATE FUNCTION information_request_by_token(hash text)
      RETURNS TABLE (organization_id uuid, id uuid)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT r.organization_id, r.id FROM information_requests r WHERE r.token_hash = hash $$;
    REVOKE ALL ON FUNCTION information_request_by_token(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION information_request_by_token(text) TO unionhall_app;

    -- Served requests still open whose due date is the local day at 'at' (07:00 or later in
    -- the request's time zone) and whose reminder is not yet sent. One organization at a
    -- time, by information_requests_due_idx.
    CREATE FUNCTION due_information_reminders(at timestamptz)
      RETURNS TABLE (organization_id uuid, id uuid)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT r.organization_id, r.id FROM organizations o
        CROSS JOIN LATERAL (
          SELECT x.* FROM information_requests x
          WHERE x.organization_id = o.id AND x.answered_on IS NULL AND x.served_on IS NOT NULL
            AND x.due_date BETWEEN (at AT TIME ZONE 'UTC')::date - 1
                               AND (at AT TIME ZONE 'UTC')::date + 1
        ) r
        WHERE r.reminded_at IS NULL
          AND r.due_date = (at AT TIME ZONE r.time_zone)::date
          AND (at AT TIME ZONE r.time_zone)::time >= time '07:00' $$;
    REVOKE ALL ON FUNCTION due_information_reminders(timestamptz) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION due_information_reminders(timestamptz) TO unionhall_app;
  `.execute(db);
}
