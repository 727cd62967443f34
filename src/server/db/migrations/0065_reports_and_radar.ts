import { type Kysely, sql } from "kysely";

/**
 * Reports and the repeat-violation radar (issue 21).
 *   normalise_article(text)       the key an article citation is compared by, as
 *                                 src/shared/articles.ts computes it: lower case, white space
 *                                 made single spaces, a leading 'Article' / 'Art.' dropped
 *   grievances + article_keys     the keys of `articles`, one for one, kept by PostgreSQL
 *   insight_dismissals            a pattern dismissed, with its size then: it comes back
 *                                 when it grows past it
 * Indexes: the reports read the grievances filed in a range and those closed in a range
 * without touching the table (index-only scans); the radar reads a year of grievances that
 * cite an article.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION normalise_article(t text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT btrim(regexp_replace(
                 btrim(regexp_replace(lower(t), '[[:space:]]+', ' ', 'g')),
                 '^(article|art)(?![a-z])\\.?\\s*', ''))
      $$;
    CREATE FUNCTION normalise_articles(a text[]) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(normalise_article(x) ORDER BY i), '{}')
        FROM unnest(a) WITH ORDINALITY AS u(x, i)
      $$;

    ALTER TABLE grievances
      ADD COLUMN article_keys text[] GENERATED ALWAYS AS (normalise_articles(articles)) STORED;

    CREATE INDEX grievances_report_filed_idx ON grievances (organization_id, filed_at)
      INCLUDE (status, department, location, job_title, step_index, step_name, outcome);
    CREATE INDEX grievances_report_closed_idx ON grievances (organization_id, closed_on)
      INCLUDE (filed_at, outcome, department, location, job_title, step_index, step_name,
               remedy_amount_cents, remedy_received_at)
      WHERE closed_on IS NOT NULL;
    CREATE INDEX grievances_radar_idx ON grievances (organization_id, filed_at)
      INCLUDE (id, department, location)
      WHERE article_keys <> '{}';

    CREATE TABLE insight_dismissals (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      cluster_id text NOT NULL,
      dismissed_count integer NOT NULL,
      dismissed_by text REFERENCES users(id) ON DELETE SET NULL,
      dismissed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, cluster_id)
    );
    ALTER TABLE insight_dismissals ENABLE ROW LEVEL SECURITY;
    ALTER TABLE insight_dismissals FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON insight_dismissals
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
    GRANT SELECT, INSERT, UPDATE, DELETE ON insight_dismissals TO unionhall_app;
  `.execute(db);
}
