import { type Kysely, sql } from "kysely";

/**
 * The grievance procedure of each organization (issue 17, docs/decisions/017): its filing
 * limit, its ordered steps with their limits, its holiday region, its own closure days and its
 * time zone, one row per organization. The limits and lists are JSON validated by the server
 * (src/shared/schemas/procedure.ts); they are read and written whole. Row-level security like
 * the other tenant tables (ENABLE only: 0009 says why not FORCE).
 * Every existing organization gets the default procedure here, frozen as it was when this
 * migration shipped; organizations created later get theirs from the server.
 */
const businessDays10 = { days: 10, dayType: "business" };
const DEFAULT_STEPS = JSON.stringify([
  { name: "Step 1", responseLimit: businessDays10, appealLimit: businessDays10 },
  { name: "Step 2", responseLimit: businessDays10, appealLimit: businessDays10 },
  { name: "Step 3", responseLimit: businessDays10, appealLimit: businessDays10 },
  { name: "Arbitration", responseLimit: businessDays10, appealLimit: null },
]);
const DEFAULT_FILING_LIMIT = JSON.stringify({ days: 30, dayType: "calendar" });

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE grievance_procedures (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      filing_limit jsonb NOT NULL,
      steps jsonb NOT NULL CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 1 AND 10),
      holiday_region text CHECK (holiday_region ~ '^[A-Z]{2}(-[A-Z0-9]{1,3})?$'),
      closures jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(closures) = 'array'),
      time_zone text NOT NULL DEFAULT 'America/New_York',
      updated_by text REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE grievance_procedures ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON grievance_procedures
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
  `.execute(db);
  await sql`
    INSERT INTO grievance_procedures (organization_id, filing_limit, steps, holiday_region)
    SELECT id, ${DEFAULT_FILING_LIMIT}::jsonb, ${DEFAULT_STEPS}::jsonb, 'US' FROM organizations
    ON CONFLICT DO NOTHING
  `.execute(db);
}
