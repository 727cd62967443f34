import { type Kysely, sql } from "kysely";

/**
 * A calendar feed serves what its owner may see at the moment it is fetched (issue 28): an
 * admin's `all` feed kept serving every deadline after the admin was made a steward. The
 * lookup now answers the owner's current role there too (no row when they are no longer a
 * member), and the server decides with the permission table (modules/deadlines/calendar.ts).
 * The return type changes, so the function is dropped and made again, whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION calendar_feed_by_token(text);
    CREATE FUNCTION calendar_feed_by_token(hash text)
      RETURNS TABLE (organization_id uuid, user_id text, scope text, role text)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT f.organization_id, f.user_id, f.scope, m.role FROM calendar_feeds f
        JOIN memberships m ON m.organization_id = f.organization_id AND m.user_id = f.user_id
        WHERE f.token_hash = hash $$;
    REVOKE ALL ON FUNCTION calendar_feed_by_token(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION calendar_feed_by_token(text) TO unionhall_app;
  `.execute(db);
}
