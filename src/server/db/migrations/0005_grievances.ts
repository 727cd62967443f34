import { type Kysely, sql } from "kysely";

/**
 * Grievances with an append-only activity log and attachments, all tenant tables under
 * row-level security. Ids are G-{year}-{NNNN} from a per-organization counter (product-decisions.md 16).
 * Room to grow: procedure steps, contract deadlines and several grievants get their own tables
 * keyed by (organization_id, grievance_id); `current_step` is where the grievance stands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;

    CREATE TABLE grievance_counters (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      year integer NOT NULL,
      last_number integer NOT NULL,
      PRIMARY KEY (organization_id, year)
    );

    CREATE TABLE grievances (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id text NOT NULL,
      submitted_by text REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL,
      badge_number text NOT NULL,
      job_title text NOT NULL,
      department text NOT NULL,
      location text NOT NULL,
      description text NOT NULL,
      remedy text NOT NULL,
      status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'pending', 'escalated', 'resolved')),
      current_step text,
      filed_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_text text GENERATED ALWAYS AS (lower(name || ' ' || badge_number || ' ' || department)) STORED,
      PRIMARY KEY (organization_id, id)
    );
    CREATE INDEX grievances_recent_idx ON grievances (organization_id, filed_at DESC, id DESC);
    CREATE INDEX grievances_status_idx ON grievances (organization_id, status, filed_at DESC, id DESC);
    CREATE INDEX grievances_submitter_idx ON grievances (organization_id, submitted_by, filed_at DESC, id DESC);
    CREATE INDEX grievances_search_idx ON grievances USING gin (organization_id, search_text gin_trgm_ops);

    CREATE TABLE grievance_events (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id bigserial NOT NULL,
      grievance_id text NOT NULL,
      actor_id text REFERENCES users(id) ON DELETE SET NULL,
      actor_name text NOT NULL,
      actor_role text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('filed', 'status', 'comment', 'attachment')),
      status text,
      text text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX grievance_events_grievance_idx ON grievance_events (organization_id, grievance_id, id DESC);
    CREATE INDEX grievance_events_recent_idx ON grievance_events (organization_id, created_at DESC, id DESC);
    -- product-decisions.md 18: the activity log is append-only, for the application too.
    REVOKE UPDATE, DELETE ON grievance_events FROM unionhall_app;

    CREATE TABLE grievance_attachments (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      storage_key text NOT NULL,
      uploaded_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX grievance_attachments_grievance_idx ON grievance_attachments (organization_id, grievance_id);
  `.execute(db);
  for (const table of [
    "grievance_counters",
    "grievances",
    "grievance_events",
    "grievance_attachments",
  ]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    `.execute(db);
  }
}
