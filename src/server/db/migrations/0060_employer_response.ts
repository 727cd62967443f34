import { type Kysely, sql } from "kysely";

/**
 * Serving the employer by link (issue 20, product-decisions.md 29).
 *   employer_contacts    the employer's representatives an admin keeps (name, title, email)
 *   employer_services    one row per service of a grievance at a step: who was served, the
 *                        token's SHA-256 (never the token), when it expires, the served PDF's
 *                        storage key and SHA-256, and when the mail was queued, the first open
 *                        and the answer happened. Rows are only added and stamped, never
 *                        removed: a second service at the same step keeps the first.
 *   grievance_events     kind 'service': served, opened, deemed denied
 * `employer_service_by_token(hash)` is the one cross-organization door: it answers the
 * organization and the row of a token's hash, nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE employer_contacts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      name text NOT NULL,
      title text NOT NULL DEFAULT '',
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    );
    CREATE INDEX employer_contacts_name_idx ON employer_contacts (organization_id, name, id);

    CREATE TABLE employer_services (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      step_index integer NOT NULL,
      step_name text NOT NULL,
      -- The contact as served (kept when the contact is later edited or removed).
      contact_id uuid,
      contact_name text NOT NULL,
      contact_title text NOT NULL,
      contact_email text NOT NULL,
      message text NOT NULL DEFAULT '',
      token_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      document_key text NOT NULL,
      document_sha256 text NOT NULL,
      document_size integer NOT NULL,
      served_by text REFERENCES users(id) ON DELETE SET NULL,
      served_by_name text NOT NULL,
      served_at timestamptz NOT NULL,
      mail_id bigint,
      opened_at timestamptz,
      answered_at timestamptz,
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX employer_services_token_idx ON employer_services (token_hash);
    CREATE INDEX employer_services_grievance_idx
      ON employer_services (organization_id, grievance_id, served_at);

    ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
    ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check CHECK (kind IN (
      'filed', 'status', 'comment', 'attachment', 'note', 'response', 'appeal', 'extension',
      'hold', 'resume', 'assign', 'deadline', 'outcome', 'remedy', 'reopen', 'grievants',
      'link', 'service'));
  `.execute(db);
  for (const table of ["employer_contacts", "employer_services"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    `.execute(db);
  }
  // A service is a record: the application stamps it (opened, answered), never removes it.
  await sql`REVOKE DELETE ON employer_services FROM unionhall_app`.execute(db);
  await sql`
    CREATE FUNCTION employer_service_by_token(hash text)
      RETURNS TABLE (organization_id uuid, id uuid)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT s.organization_id, s.id FROM employer_services s WHERE s.token_hash = hash $$;
    REVOKE ALL ON FUNCTION employer_service_by_token(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION employer_service_by_token(text) TO unionhall_app;
  `.execute(db);
}
