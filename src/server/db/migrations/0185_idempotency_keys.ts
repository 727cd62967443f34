import { type Kysely, sql } from "kysely";

/**
 * Nothing sent twice (issue 30): the first answer to a write sent with an `Idempotency-Key`,
 * keyed by (organization, user, key) and kept 24 hours (plugins/idempotency.ts). A row with no
 * status is a claim: that request is still being processed. Expired rows are swept on write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL,
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
      fingerprint text NOT NULL,
      status integer,
      body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id, key)
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (organization_id, created_at);
    ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON idempotency_keys
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
  `.execute(db);
}
