import { type Kysely, sql } from "kysely";

/**
 * Trial notices (issue 8): a no-card trial has no Stripe subscription, so no Stripe
 * `trial_will_end` event warns its admins. A job asks the database which organizations are
 * due a notice, across organizations, hence one SECURITY DEFINER function that claims them.
 *   organizations + trial_reminder_at  when "your trial ends soon" was claimed (3 days ahead)
 *                 + trial_ended_at     when "your trial has ended" was claimed
 * Claiming marks the row in the same statement, so two server instances never both mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE organizations
      ADD COLUMN trial_reminder_at timestamptz,
      ADD COLUMN trial_ended_at timestamptz;

    CREATE INDEX organizations_open_trials_idx ON organizations (trial_ends_at)
      WHERE status = 'trialing' AND billing_subscription_id IS NULL;

    -- One row per notice due now, with what the mail needs: the organization's name and its
    -- admins' addresses. 'ending' three days ahead (as Stripe's own warning), 'ended' once the
    -- trial has run out (while the organization is still within its 30 read-only days).
    CREATE FUNCTION claim_trial_notices()
      RETURNS TABLE (organization_id uuid, kind text, organization_name text,
                     trial_ends_at timestamptz, admin_emails text[])
      LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        WITH ended AS (
          UPDATE organizations o SET trial_ended_at = now(), trial_reminder_at = coalesce(o.trial_reminder_at, now())
          WHERE o.status = 'trialing' AND o.billing_subscription_id IS NULL
            AND o.trial_ends_at <= now() AND o.trial_ends_at > now() - interval '30 days'
            AND o.trial_ended_at IS NULL
          RETURNING o.id, 'ended'::text AS kind, o.name, o.trial_ends_at
        ), ending AS (
          UPDATE organizations o SET trial_reminder_at = now()
          WHERE o.status = 'trialing' AND o.billing_subscription_id IS NULL
            AND o.trial_ends_at > now() AND o.trial_ends_at <= now() + interval '3 days'
            AND o.trial_reminder_at IS NULL
          RETURNING o.id, 'ending'::text AS kind, o.name, o.trial_ends_at
        ), due AS (SELECT * FROM ended UNION ALL SELECT * FROM ending)
        SELECT d.id, d.kind, d.name, d.trial_ends_at,
               coalesce((SELECT array_agg(u.email ORDER BY u.email) FROM memberships m
                         JOIN users u ON u.id = m.user_id
                         WHERE m.organization_id = d.id AND m.role = 'admin'), '{}')
        FROM due d $$;
    REVOKE ALL ON FUNCTION claim_trial_notices() FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION claim_trial_notices() TO unionhall_app;
  `.execute(db);
}
