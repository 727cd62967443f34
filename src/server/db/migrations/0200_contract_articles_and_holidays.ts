import { type Kysely, sql } from "kysely";
import { articleIndex, matchCitations } from "../../../shared/article-match.ts";

/**
 * The contract's own articles and holidays (issue 30, product-decisions.md 34,
 * docs/decisions/034).
 *   contract_articles            the local's article list (number, title, aliases) as one JSON
 *                                array per organization, under row-level security
 *   grievances.article_numbers   each citation's matched article number ('' where it names
 *                                none), one for one with `articles`; written by the server at
 *                                filing, import and grouping, and again when the list changes
 *   grievances.article_keys      now the number where there is one, else the citation's text
 *                                key as before (`article_group_keys`): reports and the radar
 *                                read it unchanged, so 'Art. 12.3 Overtime' and 'Article 12.3'
 *                                are one group
 *   grievance_procedures.holidays  the contract's changes to the region's public holidays:
 *                                `{removed: [dates], added: [{date, name}]}`
 * The report roll-ups (0080) and the radar's staleness (0111) now watch `article_keys`, which
 * moves with the citations and with their numbers; both trigger functions are restated whole.
 * Existing citations are matched here by the number they carry (no organization has a list
 * yet), then the roll-ups are rebuilt and every radar marked stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contract_articles (
      organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      articles jsonb NOT NULL DEFAULT '[]',
      updated_by text REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE contract_articles ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON contract_articles
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    ALTER TABLE grievance_procedures
      ADD COLUMN holidays jsonb NOT NULL DEFAULT '{"removed": [], "added": []}';

    ALTER TABLE grievances ADD COLUMN article_numbers text[] NOT NULL DEFAULT '{}';
  `.execute(db);

  // Existing citations by the number they carry, in batches (every list is empty yet). The
  // roll-up triggers still watch `articles` here, so these updates write no roll-up row.
  const empty = articleIndex([]);
  let after: [string, string] = ["00000000-0000-0000-0000-000000000000", ""];
  for (;;) {
    // One-letter names: the migrating connection may camel-case column names.
    const { rows } = await sql<{ o: string; i: string; a: string[] }>`
      SELECT organization_id AS o, id AS i, articles AS a FROM grievances
      WHERE articles <> '{}' AND (organization_id, id) > (${after[0]}::uuid, ${after[1]})
      ORDER BY organization_id, id LIMIT 2000`.execute(db);
    const last = rows.at(-1);
    if (!last) break;
    after = [last.o, last.i];
    const numbers = rows
      .map((r) => ({ o: r.o, i: r.i, n: matchCitations(r.a, empty) }))
      .filter((r) => r.n.some((n) => n !== ""));
    if (numbers.length === 0) continue;
    await sql`
      UPDATE grievances g SET article_numbers = v.n
      FROM jsonb_to_recordset(${JSON.stringify(numbers)}::jsonb) AS v(o uuid, i text, n text[])
      WHERE g.organization_id = v.o AND g.id = v.i`.execute(db);
  }

  await sql`
    CREATE FUNCTION article_group_keys(a text[], n text[]) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(coalesce(nullif(n[i], ''), normalise_article(x)) ORDER BY i),
                        '{}')
        FROM unnest(a) WITH ORDINALITY AS u(x, i)
      $$;

    DROP INDEX grievances_radar_idx;
    ALTER TABLE grievances DROP COLUMN article_keys;
    ALTER TABLE grievances
      ADD COLUMN article_keys text[]
        GENERATED ALWAYS AS (article_group_keys(articles, article_numbers)) STORED;
    CREATE INDEX grievances_radar_idx ON grievances (organization_id, filed_at)
      INCLUDE (id, department, location)
      WHERE article_keys <> '{}';

    -- 0080's function, watching article_keys (the citations and their numbers).
    CREATE OR REPLACE FUNCTION grievance_report_apply() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO grievance_report_rollups AS r
          SELECT g.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                 f.state, f.days, count(*), sum(f.awarded), sum(f.recovered)
          FROM (SELECT organization_id, grievance_report_zone(organization_id) AS tz
                FROM new_rows GROUP BY organization_id) z
          JOIN new_rows g ON g.organization_id = z.organization_id
          CROSS JOIN LATERAL grievance_report_facts(ROW(g.*)::grievances, z.tz) AS f
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ON CONFLICT (organization_id, dim, measure, grain, bucket, value, label, sort, state, days)
          DO UPDATE SET n = r.n + excluded.n, awarded = r.awarded + excluded.awarded,
                        recovered = r.recovered + excluded.recovered;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO grievance_report_rollups AS r
          SELECT c.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                 f.state, f.days, sum(c.sign), sum(c.sign * f.awarded), sum(c.sign * f.recovered)
          FROM (
            SELECT ROW(o.*)::grievances AS g, -1 AS sign, o.organization_id
            FROM old_rows o LEFT JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE n.id IS NULL
               OR (o.filed_at, o.status, o.outcome, o.closed_on, o.department, o.location, o.job_title,
                   o.step_index, o.step_name, o.article_keys, o.remedy_amount_cents, o.remedy_received_at)
                  IS DISTINCT FROM
                  (n.filed_at, n.status, n.outcome, n.closed_on, n.department, n.location, n.job_title,
                   n.step_index, n.step_name, n.article_keys, n.remedy_amount_cents, n.remedy_received_at)
            UNION ALL
            SELECT ROW(n.*)::grievances, 1, n.organization_id
            FROM new_rows n LEFT JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
            WHERE o.id IS NULL
               OR (o.filed_at, o.status, o.outcome, o.closed_on, o.department, o.location, o.job_title,
                   o.step_index, o.step_name, o.article_keys, o.remedy_amount_cents, o.remedy_received_at)
                  IS DISTINCT FROM
                  (n.filed_at, n.status, n.outcome, n.closed_on, n.department, n.location, n.job_title,
                   n.step_index, n.step_name, n.article_keys, n.remedy_amount_cents, n.remedy_received_at)
          ) c
          CROSS JOIN LATERAL grievance_report_facts(c.g, grievance_report_zone(c.organization_id)) AS f
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          HAVING sum(c.sign) <> 0 OR sum(c.sign * f.awarded) <> 0 OR sum(c.sign * f.recovered) <> 0
          ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ON CONFLICT (organization_id, dim, measure, grain, bucket, value, label, sort, state, days)
          DO UPDATE SET n = r.n + excluded.n, awarded = r.awarded + excluded.awarded,
                        recovered = r.recovered + excluded.recovered;
        ELSE
          UPDATE grievance_report_rollups r
          SET n = r.n - x.n, awarded = r.awarded - x.awarded, recovered = r.recovered - x.recovered
          FROM (
            SELECT g.organization_id, f.dim, f.measure, f.grain, f.bucket, f.value, f.label, f.sort,
                   f.state, f.days, count(*) AS n, sum(f.awarded) AS awarded,
                   sum(f.recovered) AS recovered
            FROM (SELECT organization_id, grievance_report_zone(organization_id) AS tz
                  FROM old_rows GROUP BY organization_id) z
            JOIN old_rows g ON g.organization_id = z.organization_id
            CROSS JOIN LATERAL grievance_report_facts(ROW(g.*)::grievances, z.tz) AS f
            GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
          ) x
          WHERE (r.organization_id, r.dim, r.measure, r.grain, r.bucket, r.value, r.label, r.sort,
                 r.state, r.days)
              = (x.organization_id, x.dim, x.measure, x.grain, x.bucket, x.value, x.label, x.sort,
                 x.state, x.days);
        END IF;
        RETURN NULL;
      END $$;

    CREATE OR REPLACE FUNCTION insight_radar_touch() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO insight_radar AS r (organization_id)
          SELECT DISTINCT organization_id FROM new_rows ORDER BY 1
          ON CONFLICT (organization_id) DO UPDATE SET version = r.version + 1;
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE insight_radar r SET version = r.version + 1
          WHERE r.organization_id IN (
            SELECT o.organization_id FROM old_rows o
            JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
            WHERE (o.filed_at, o.articles, o.article_keys, o.type, o.department, o.location)
                  IS DISTINCT FROM
                  (n.filed_at, n.articles, n.article_keys, n.type, n.department, n.location));
        ELSE
          -- Never inserts: an organization being deleted must not get a row back.
          UPDATE insight_radar r SET version = r.version + 1
          WHERE r.organization_id IN (SELECT organization_id FROM old_rows);
        END IF;
        RETURN NULL;
      END $$;

    SELECT grievance_report_rebuild(id) FROM organizations;
    UPDATE insight_radar SET version = version + 1;
  `.execute(db);
}
