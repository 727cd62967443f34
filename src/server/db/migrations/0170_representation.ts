import { type Kysely, sql } from "kysely";

/**
 * Fair representation on the record (issue 34, product-decisions.md 36).
 *   grievance_procedures  + contact_limit (default 10 business days: an open case whose grievant
 *                         has had no contact for longer is flagged), reply_limit (a member's
 *                         question is due an answer within it, default 2 business days) and
 *                         internal_appeal ({text, days} or null: the local's own appeal route,
 *                         named in every decision notice).
 *   grievance_contacts    a contact logged by a steward or admin with one grievant (a roster
 *                         person): channel, the day it happened, a summary that may be internal.
 *   grievance_questions   a member's question, on a case or (grievance_id null) from the
 *                         dashboard, with its reply due date and, once answered, the one reply
 *                         (answered_at set once: a second reply is refused, so one mail).
 *   grievance_notices     the written notice of a decision (closing withdrawn or settled, not
 *                         appealing): the reason and when the grievant was told, once each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievance_procedures
      ADD COLUMN contact_limit jsonb NOT NULL DEFAULT '{"days": 10, "dayType": "business"}',
      ADD COLUMN reply_limit jsonb NOT NULL DEFAULT '{"days": 2, "dayType": "business"}',
      ADD COLUMN internal_appeal jsonb;

    CREATE TABLE grievance_contacts (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      person_id uuid NOT NULL,
      channel text NOT NULL CHECK (channel IN ('call', 'meeting', 'text', 'email', 'in_person')),
      contact_date date NOT NULL,
      summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 2000),
      internal boolean NOT NULL DEFAULT false,
      recorded_by text REFERENCES users(id) ON DELETE SET NULL,
      recorded_by_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE,
      FOREIGN KEY (organization_id, person_id) REFERENCES people (organization_id, id)
    );
    -- A grievance's contacts, and each grievant's last one, newest first.
    CREATE INDEX grievance_contacts_grievance_idx
      ON grievance_contacts (organization_id, grievance_id, person_id, contact_date DESC);
    CREATE INDEX grievance_contacts_person_idx
      ON grievance_contacts (organization_id, person_id, contact_date DESC);
    ALTER TABLE grievance_contacts ENABLE ROW LEVEL SECURITY;
    ALTER TABLE grievance_contacts FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_contacts
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    CREATE TABLE grievance_questions (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text,
      asked_by text REFERENCES users(id) ON DELETE SET NULL,
      asked_by_name text NOT NULL,
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
      asked_at timestamptz NOT NULL DEFAULT now(),
      reply_due_on date NOT NULL,
      reply_text text CHECK (length(reply_text) BETWEEN 1 AND 4000),
      replied_at timestamptz,
      replied_by text REFERENCES users(id) ON DELETE SET NULL,
      replied_by_name text,
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE,
      CHECK ((replied_at IS NULL) = (reply_text IS NULL))
    );
    CREATE INDEX grievance_questions_grievance_idx
      ON grievance_questions (organization_id, grievance_id, asked_at);
    -- The board's open questions, oldest due first.
    CREATE INDEX grievance_questions_open_idx
      ON grievance_questions (organization_id, reply_due_on, id) WHERE replied_at IS NULL;
    CREATE INDEX grievance_questions_asker_idx ON grievance_questions (organization_id, asked_by, asked_at);
    ALTER TABLE grievance_questions ENABLE ROW LEVEL SECURITY;
    ALTER TABLE grievance_questions FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_questions
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    CREATE TABLE grievance_notices (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      grievance_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('withdrawn', 'settled', 'not_appealed')),
      step_name text NOT NULL,
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 4000),
      appeal_text text,
      appeal_due_on date,
      decided_by text REFERENCES users(id) ON DELETE SET NULL,
      decided_by_name text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id),
      FOREIGN KEY (organization_id, grievance_id) REFERENCES grievances (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX grievance_notices_grievance_idx ON grievance_notices (organization_id, grievance_id, sent_at);
    ALTER TABLE grievance_notices ENABLE ROW LEVEL SECURITY;
    ALTER TABLE grievance_notices FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_notices
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    -- Open cases by when their grievants last heard from the union: the candidates of the
    -- contact flag (dashboard, digest), oldest first.
    CREATE INDEX grievances_open_heard_idx ON grievances (organization_id, grievant_updated_at, id)
      WHERE status <> 'resolved';
    -- The record of what the union did is kept as it was.
    REVOKE UPDATE, DELETE ON grievance_contacts, grievance_notices FROM unionhall_app;
  `.execute(db);
}
