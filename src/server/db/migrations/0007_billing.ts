import { type Kysely, sql } from "kysely";

/**
 * Billing (issue 8): the organization's subscription state, checkout sessions, invoices and
 * the payment provider's events applied once each.
 *   organizations       + customer id, current period end, canceled_at, the time of the last
 *                         applied billing event (out-of-order events are ignored)
 *   checkout_sessions   one per checkout started; read back by the user who started it
 *   billing_invoices    tenant table (RLS): what was paid, for the billing page
 *   billing_customers   provider customer id -> organization (webhooks carry no session)
 *   billing_events      provider event ids already applied (idempotency)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN billing_customer_id text,
      ADD COLUMN billing_subscription_id text,
      ADD COLUMN current_period_end timestamptz,
      ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
      ADD COLUMN canceled_at timestamptz,
      ADD COLUMN billing_event_at timestamptz;

    CREATE TABLE checkout_sessions (
      id text PRIMARY KEY,
      provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('plan', 'founders', 'package')),
      plan_id text,
      package_id text,
      billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
      payment_option text,
      add_ons text[] NOT NULL DEFAULT '{}',
      line_items jsonb NOT NULL,
      trial_days integer,
      success_url text NOT NULL,
      cancel_url text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'canceled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX checkout_sessions_user_idx ON checkout_sessions (user_id, created_at DESC);

    CREATE TABLE billing_customers (
      customer_id text PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE
    );

    CREATE TABLE billing_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      created_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE billing_invoices (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id text NOT NULL,
      amount_paid integer NOT NULL,
      currency text NOT NULL DEFAULT 'usd',
      status text NOT NULL,
      hosted_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    );
    ALTER TABLE billing_invoices ENABLE ROW LEVEL SECURITY;
    ALTER TABLE billing_invoices FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON billing_invoices
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    -- Why an organization may not change anything now (null: it may). Canceled, or a trial
    -- that ran out unpaid: read-only for 30 days, then archived (the FAQ). Asked by the access
    -- check before any change, outside a tenant transaction, hence SECURITY DEFINER.
    CREATE FUNCTION organization_write_lock(org uuid) RETURNS text
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT CASE
          WHEN o.status = 'canceled' AND coalesce(o.canceled_at, o.updated_at) < now() - interval '30 days'
            THEN 'archived'
          WHEN o.status = 'canceled' THEN 'canceled'
          WHEN o.status = 'trialing' AND o.billing_subscription_id IS NULL
            AND o.trial_ends_at IS NOT NULL AND o.trial_ends_at < now() - interval '30 days'
            THEN 'archived'
          WHEN o.status = 'trialing' AND o.billing_subscription_id IS NULL
            AND o.trial_ends_at IS NOT NULL AND o.trial_ends_at < now()
            THEN 'lapsed'
          ELSE NULL END
        FROM organizations o WHERE o.id = org $$;
    REVOKE ALL ON FUNCTION organization_write_lock(uuid) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION organization_write_lock(uuid) TO unionhall_app;
  `.execute(db);
}
