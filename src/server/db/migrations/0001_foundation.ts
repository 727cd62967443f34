import { type Kysely, sql } from "kysely";

/**
 * Accounts (the tables better-auth reads, in snake_case), organizations, memberships, the mail
 * outbox, and the application role the server runs as: neither owner nor superuser, so that
 * row-level security on tenant tables applies to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'unionhall_app') THEN
        CREATE ROLE unionhall_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
      END IF;
    END $$;
  `.execute(db);
  // The owner connects and then switches to the application role (SET ROLE). On a managed
  // PostgreSQL the administrator may have granted it already (and the owner may not grant it).
  await sql`
    DO $$ BEGIN
      IF NOT pg_has_role(current_user, 'unionhall_app', 'MEMBER') THEN
        GRANT unionhall_app TO CURRENT_USER;
      END IF;
    END $$;
  `.execute(db);
  await sql`GRANT USAGE ON SCHEMA public TO unionhall_app`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO unionhall_app`.execute(
    db,
  );
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO unionhall_app`.execute(
    db,
  );

  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL UNIQUE,
      email_verified boolean NOT NULL DEFAULT false,
      image text,
      account_type text NOT NULL DEFAULT 'member' CHECK (account_type IN ('admin', 'member')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      token text NOT NULL UNIQUE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);
    CREATE TABLE accounts (
      id text PRIMARY KEY,
      account_id text NOT NULL,
      provider_id text NOT NULL,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX accounts_user_id_idx ON accounts (user_id);
    CREATE TABLE verifications (
      id text PRIMARY KEY,
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verifications_identifier_idx ON verifications (identifier);

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      invite_code text NOT NULL, -- unique through tenant_lookup (migration 0002)
      plan text NOT NULL,
      billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (billing_cycle IN ('monthly', 'yearly')),
      status text NOT NULL DEFAULT 'trialing' CHECK (status IN ('trialing', 'active', 'past_due', 'canceled')),
      trial_ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- One row per person per organization: several memberships stay possible later.
    CREATE TABLE memberships (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'steward', 'member')),
      badge_number text,
      department text,
      facility text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    );

    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      transport text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
  `.execute(db);
}
