import { type Kysely, sql } from "kysely";

/**
 * Every server instance caches sessions and memberships for a few seconds (issue 15,
 * lib/auth/auth-cache.ts). These triggers announce each change that could make a cached
 * answer wrong, on every path (better-auth's own writes included), after commit:
 * a session ended or refreshed, a user's flags, a membership's role or removal, an
 * organization's two-factor rule or billing state. The payload names only ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_auth_change() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE row_data record;
      BEGIN
        IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
        IF TG_TABLE_NAME = 'organizations' THEN
          PERFORM pg_notify('auth_changes', json_build_object('organizationId', row_data.id)::text);
        ELSIF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('auth_changes', json_build_object('userId', row_data.id)::text);
        ELSE
          PERFORM pg_notify('auth_changes', json_build_object('userId', row_data.user_id)::text);
        END IF;
        RETURN NULL;
      END $$;

    CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER memberships_auth_change AFTER INSERT OR UPDATE OR DELETE ON memberships
      FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER organizations_auth_change AFTER UPDATE OR DELETE ON organizations
      FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
  `.execute(db);
}
