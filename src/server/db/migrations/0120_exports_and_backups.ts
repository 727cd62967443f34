import { type Kysely, sql } from "kysely";

/**
 * Issue 32 (product-decisions.md 38).
 *   organization_exports  one ZIP of an organization's whole record, made by a job: `queued`,
 *                         then `running` under a lease (a crashed instance's export is taken up
 *                         again), then `ready` (its file in storage until `expires_at`) or
 *                         `failed`; an expired one is `expired` and its file deleted. At most one
 *                         queued or running per organization (a double click starts one).
 *   backup_runs           one row per day of the embedded database's daily backup, claimed
 *                         before it starts, so one instance makes it; retention reads it.
 * Two SECURITY DEFINER doors cross organizations for the job: `claim_organization_export`
 * takes the oldest export waiting (or whose lease ran out), `expired_organization_exports`
 * lists the ready ones past their date. `/api/ready` reads which migrations ran: the app role
 * may read (only read) the migrator's table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_exports (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      requested_by text REFERENCES users(id) ON DELETE SET NULL,
      language text NOT NULL DEFAULT 'en',
      state text NOT NULL DEFAULT 'queued'
        CHECK (state IN ('queued', 'running', 'ready', 'failed', 'expired')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      storage_key text,
      size bigint,
      error text,
      lease_until timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz,
      PRIMARY KEY (organization_id, id)
    );
    CREATE UNIQUE INDEX organization_exports_one_active
      ON organization_exports (organization_id) WHERE state IN ('queued', 'running');
    CREATE INDEX organization_exports_waiting
      ON organization_exports (created_at) WHERE state IN ('queued', 'running');
    ALTER TABLE organization_exports ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON organization_exports
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    CREATE FUNCTION claim_organization_export(lease_seconds integer)
      RETURNS TABLE (organization_id uuid, id uuid)
      LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        UPDATE organization_exports e
           SET state = 'running', lease_until = now() + make_interval(secs => lease_seconds),
               attempts = e.attempts + 1
         WHERE (e.organization_id, e.id) = (
           SELECT w.organization_id, w.id FROM organization_exports w
            WHERE w.state = 'queued' OR (w.state = 'running' AND w.lease_until < now())
            ORDER BY w.created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING e.organization_id, e.id $$;
    REVOKE ALL ON FUNCTION claim_organization_export(integer) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION claim_organization_export(integer) TO unionhall_app;

    CREATE FUNCTION expired_organization_exports()
      RETURNS TABLE (organization_id uuid, id uuid)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT e.organization_id, e.id FROM organization_exports e
         WHERE e.state = 'ready' AND e.expires_at < now() $$;
    REVOKE ALL ON FUNCTION expired_organization_exports() FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION expired_organization_exports() TO unionhall_app;

    CREATE TABLE backup_runs (
      day date PRIMARY KEY,
      state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed', 'deleted')),
      location text,
      size bigint,
      error text,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );

    GRANT SELECT ON schema_migrations TO unionhall_app;
  `.execute(db);
}
