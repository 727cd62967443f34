import { type Kysely, sql } from "kysely";

/**
 * Row-level security binds the application role, not the owner. The tenant tables were
 * created with FORCE ROW LEVEL SECURITY, which also binds their owner: harmless while the
 * owner is the embedded superuser (superusers bypass it), but with a managed PostgreSQL the
 * `DATABASE_URL` user is an ordinary role, and then the owner's SECURITY DEFINER functions
 * (the write lock, invitation lookups, trial notices) and data migrations saw no rows.
 * The server always works as `unionhall_app`, which owns nothing, so the policies still
 * decide everything it sees (tests/api/database.test.ts checks both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE t regclass;
    BEGIN
      FOR t IN SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relforcerowsecurity
      LOOP
        EXECUTE format('ALTER TABLE %s NO FORCE ROW LEVEL SECURITY', t);
      END LOOP;
    END $$;
  `.execute(db);
}
