import { type Kysely, sql } from "kysely";

/**
 * Tenancy: the organization's configuration, invitations, the user's current organization,
 * and row-level security on every tenant table. The application role sees only the rows of
 * the organization set for the transaction (`app.organization_id`, see db/tenant.ts), so a
 * query that forgets its filter still returns nothing of another organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN job_titles text[] NOT NULL DEFAULT '{}',
      ADD COLUMN departments text[] NOT NULL DEFAULT '{}',
      ADD COLUMN locations text[] NOT NULL DEFAULT '{}',
      ADD COLUMN setup_completed boolean NOT NULL DEFAULT false,
      ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

    -- The organization a user works in now (product-decisions.md 3: one at a time; memberships can be many).
    ALTER TABLE users ADD COLUMN organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL;

    CREATE TABLE invitations (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'steward', 'member')),
      badge_number text,
      department text,
      facility text,
      token_hash text NOT NULL,
      invited_by text REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    );
    CREATE INDEX invitations_email_idx ON invitations (organization_id, email);

    -- Keys that lead from outside into one organization (an invitation code, an emailed
    -- invitation's token). Kept by triggers; the application role cannot read the table,
    -- only ask lookup_tenant() for the organization of one key it already holds.
    CREATE TABLE tenant_lookup (
      kind text NOT NULL CHECK (kind IN ('invite_code', 'invitation')),
      key text NOT NULL,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      PRIMARY KEY (kind, key)
    );
    REVOKE ALL ON tenant_lookup FROM unionhall_app;
    INSERT INTO tenant_lookup (kind, key, organization_id)
      SELECT 'invite_code', invite_code, id FROM organizations;

    CREATE FUNCTION sync_invite_code() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM tenant_lookup WHERE kind = 'invite_code' AND key = OLD.invite_code;
        END IF;
        INSERT INTO tenant_lookup (kind, key, organization_id) VALUES ('invite_code', NEW.invite_code, NEW.id);
        RETURN NEW;
      END $$;
    CREATE TRIGGER organizations_invite_code AFTER INSERT OR UPDATE OF invite_code ON organizations
      FOR EACH ROW EXECUTE FUNCTION sync_invite_code();

    CREATE FUNCTION sync_invitation_token() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM tenant_lookup WHERE kind = 'invitation' AND key = OLD.token_hash;
          RETURN OLD;
        END IF;
        INSERT INTO tenant_lookup (kind, key, organization_id) VALUES ('invitation', NEW.token_hash, NEW.organization_id);
        RETURN NEW;
      END $$;
    CREATE TRIGGER invitations_token AFTER INSERT OR DELETE ON invitations
      FOR EACH ROW EXECUTE FUNCTION sync_invitation_token();

    CREATE FUNCTION lookup_tenant(lookup_kind text, lookup_key text) RETURNS uuid
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
      $$ SELECT organization_id FROM tenant_lookup WHERE kind = lookup_kind AND key = lookup_key $$;
    REVOKE ALL ON FUNCTION lookup_tenant(text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION lookup_tenant(text, text) TO unionhall_app;

    CREATE FUNCTION app_current_org() RETURNS uuid LANGUAGE sql STABLE AS
      $$ SELECT nullif(current_setting('app.organization_id', true), '')::uuid $$;

    -- Every request asks "which organization, which role?": one round trip instead of a
    -- transaction. It sets the tenant itself, so row-level security still decides what it sees.
    CREATE FUNCTION current_membership(uid text)
      RETURNS TABLE (organization_id uuid, role text, require_two_factor boolean)
      LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DECLARE org uuid;
      BEGIN
        SELECT u.organization_id INTO org FROM users u WHERE u.id = uid;
        IF org IS NULL THEN RETURN; END IF;
        PERFORM set_config('app.organization_id', org::text, true);
        RETURN QUERY
          SELECT m.organization_id, m.role, o.require_two_factor
          FROM memberships m JOIN organizations o ON o.id = m.organization_id
          WHERE m.organization_id = org AND m.user_id = uid;
      END $$;
    REVOKE ALL ON FUNCTION current_membership(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION current_membership(text) TO unionhall_app;

    ALTER TABLE organizations ENABLE ROW LEVEL SECURITY;
    ALTER TABLE organizations FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON organizations
      USING (id = app_current_org()) WITH CHECK (id = app_current_org());

    ALTER TABLE memberships ENABLE ROW LEVEL SECURITY;
    ALTER TABLE memberships FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON memberships
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
    ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON invitations
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
  `.execute(db);
}
