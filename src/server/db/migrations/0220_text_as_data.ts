import { type Kysely, sql } from "kysely";
import en from "../../../shared/i18n/locales/en/grievances.json" with { type: "json" };
import { renderLine, type Translate } from "../../../shared/i18n/render-line.ts";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import { type SentenceContext, sentenceLines, yearsIn } from "./stored-sentences.ts";

/**
 * Text as data (issue 31, product-decisions.md 37, decision 036): what the server wrote for
 * people to read becomes a kind and its parameters, rendered in each reader's language.
 *
 *   grievance_events.line          jsonb NOT NULL: the entry; `text` keeps only what people typed
 *                                  (a comment, a note, a file's name, a status change's note)
 *   grievance_deadlines.explanation  text[] -> jsonb (an array of lines)
 *   information_requests.explanation text[] -> jsonb
 *   grievance_answers.line         jsonb: an answer the agreement deemed given; `text` is ''
 *   grievances.outcome_line        jsonb: a merged grievance's summary; `outcome_summary` NULL
 *   claim_missed_deadlines()       writes the missed deadline's line
 *
 * Each stored sentence is read once (stored-sentences.ts) and kept as a line only when the line
 * renders in English to exactly the stored sentence; anything else (an older wording) stays
 * readable as a `text` line. Rows go in batches of 500, keyed by their primary key.
 */

/** The English catalogue's `t`, enough to render a line as the server wrote it. */
const t: Translate = (key, options = {}) => {
  const path = key.split(".");
  let node: unknown = en;
  const count = options.count as number | undefined;
  for (const part of path) node = (node as Record<string, unknown>)?.[part];
  if (node === undefined && count !== undefined) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((n, p) => (n as Record<string, unknown>)?.[p], en);
    node = (parent as Record<string, string>)[`${path.at(-1)}_${count === 1 ? "one" : "other"}`];
  }
  if (typeof node !== "string") throw new Error(`no English for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
};
const english = (l: TextLine) => renderLine(l, { language: "en", t });

/** The line of a stored sentence, or the sentence itself as a `text` line. */
export function lineOf(text: string, c: SentenceContext): TextLine {
  for (const candidate of sentenceLines(text, c)) if (english(candidate) === text) return candidate;
  return { kind: "text", params: { text } };
}

/** How an event read before: its kind, status and text (describeEvent before issue 31). */
function oldSentence(e: { kind: string; status: string | null; text: string | null }): string {
  if (e.kind === "filed") return e.text ?? "Grievance filed.";
  if (e.kind === "comment") return `Comment: ${e.text ?? ""}`;
  if (e.kind === "note") return `Internal note: ${e.text ?? ""}`;
  if (e.kind === "attachment") return `Attached ${e.text ?? "a file"}`;
  if (e.kind !== "status") return e.text ?? "";
  const base =
    e.status === "pending"
      ? "Marked as pending"
      : e.status === "escalated"
        ? "Escalated"
        : "Resolved";
  return e.text ? `${base}: ${e.text}` : base;
}

/** What of an event stays in `text` once it has its line: only what a person typed. */
function typedText(e: { kind: string; text: string | null }, l: TextLine): string | null {
  if (e.kind === "comment" || e.kind === "note" || e.kind === "attachment") return e.text;
  if (e.kind === "status") return "note" in l.params ? (l.params.note ?? null) : null;
  return l.kind === "text" ? e.text : null;
}

interface Org {
  currency: string;
  holidayRegion: string | null;
  closures: { date: string; name: string }[];
}

async function organizations(db: Kysely<unknown>): Promise<Map<string, Org>> {
  const { rows } = await sql<{
    id: string;
    currency: string | null;
    holiday_region: string | null;
    closures: { date: string; name: string }[] | null;
  }>`
    SELECT o.id, p.holiday_region, p.closures,
      (SELECT upper(currency) FROM billing_invoices b WHERE b.organization_id = o.id
        ORDER BY created_at DESC LIMIT 1) AS currency
    FROM organizations o LEFT JOIN grievance_procedures p ON p.organization_id = o.id`.execute(db);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        currency: r.currency ?? "USD",
        holidayRegion: r.holiday_region,
        closures: r.closures ?? [],
      },
    ]),
  );
}

const BATCH = 500;

/** Each row of `table` in primary-key order, a batch at a time. */
async function eachBatch<R extends { organization_id: string }>(
  db: Kysely<unknown>,
  table: string,
  key: string,
  columns: string,
  fn: (rows: R[]) => Promise<void>,
) {
  let after: [string, string] | null = null;
  for (;;) {
    const where = after
      ? sql`WHERE (organization_id, ${sql.ref(key)}) > (${after[0]}::uuid, ${after[1]})`
      : sql``;
    const { rows } = await sql<R>`
      SELECT organization_id, ${sql.ref(key)}::text AS key, ${sql.raw(columns)}
      FROM ${sql.table(table)} ${where}
      ORDER BY organization_id, ${sql.ref(key)} LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    await fn(rows);
    const last = rows.at(-1) as R & { key: string };
    after = [last.organization_id, last.key];
  }
}

const context = (orgs: Map<string, Org>, organizationId: string, texts: string[], at?: Date) => {
  const org = orgs.get(organizationId) ?? { currency: "USD", holidayRegion: null, closures: [] };
  const years = yearsIn(texts);
  if (at) years.push(at.getUTCFullYear(), at.getUTCFullYear() - 1);
  return { ...org, years };
};

/** The conversion: exported for the migration's test, which runs it on the old sentences. */
export async function convertStoredText(withPlugins: Kysely<unknown>): Promise<void> {
  // The rows as PostgreSQL names their columns (the migrator's CamelCasePlugin would rename them).
  const db = withPlugins.withoutPlugins();
  const orgs = await organizations(db);

  await eachBatch<{
    organization_id: string;
    key: string;
    kind: string;
    status: string | null;
    text: string | null;
    created_at: Date;
  }>(db, "grievance_events", "id", "kind, status, text, created_at", async (rows) => {
    const out = rows.map((e) => {
      const sentence = oldSentence(e);
      const l = lineOf(sentence, context(orgs, e.organization_id, [sentence], e.created_at));
      return { organization_id: e.organization_id, id: e.key, line: l, text: typedText(e, l) };
    });
    await sql`
      UPDATE grievance_events e SET line = x.line, text = x.text
      FROM jsonb_to_recordset(${JSON.stringify(out)}::jsonb)
        AS x(organization_id uuid, id bigint, line jsonb, text text)
      WHERE e.organization_id = x.organization_id AND e.id = x.id`.execute(db);
  });

  for (const table of ["grievance_deadlines", "information_requests"]) {
    await eachBatch<{ organization_id: string; key: string; explanation_text: string[] }>(
      db,
      table,
      "id",
      "explanation_text",
      async (rows) => {
        const out = rows.map((r) => {
          const c = context(orgs, r.organization_id, r.explanation_text);
          return {
            organization_id: r.organization_id,
            id: r.key,
            explanation: r.explanation_text.map((s) => lineOf(s, c)),
          };
        });
        await sql`
          UPDATE ${sql.table(table)} d SET explanation = x.explanation
          FROM jsonb_to_recordset(${JSON.stringify(out)}::jsonb)
            AS x(organization_id uuid, id uuid, explanation jsonb)
          WHERE d.organization_id = x.organization_id AND d.id = x.id`.execute(db);
      },
    );
  }

  // Deemed answers and merged grievances' summaries: few rows, the server's sentences only.
  const answers = await sql<{ organization_id: string; id: string; text: string }>`
    SELECT organization_id, id, text FROM grievance_answers
    WHERE text LIKE 'No answer by %: deemed denied under the agreement'`.execute(db);
  for (const a of answers.rows) {
    const l = lineOf(a.text, context(orgs, a.organization_id, [a.text]));
    if (l.kind === "text") continue;
    await sql`UPDATE grievance_answers SET line = ${JSON.stringify(l)}::jsonb, text = ''
      WHERE organization_id = ${a.organization_id} AND id = ${a.id}`.execute(db);
  }
  const merged = await sql<{ organization_id: string; id: string; outcome_summary: string }>`
    SELECT organization_id, id, outcome_summary FROM grievances
    WHERE outcome = 'merged' AND outcome_summary LIKE 'Merged into group grievance %'`.execute(db);
  for (const g of merged.rows) {
    const l = lineOf(g.outcome_summary, context(orgs, g.organization_id, []));
    if (l.kind === "text") continue;
    await sql`UPDATE grievances SET outcome_line = ${JSON.stringify(l)}::jsonb, outcome_summary = NULL
      WHERE organization_id = ${g.organization_id} AND id = ${g.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE grievance_events ADD COLUMN line jsonb;
    ALTER TABLE grievance_deadlines RENAME COLUMN explanation TO explanation_text;
    ALTER TABLE grievance_deadlines ADD COLUMN explanation jsonb;
    ALTER TABLE information_requests RENAME COLUMN explanation TO explanation_text;
    ALTER TABLE information_requests ADD COLUMN explanation jsonb;
    ALTER TABLE grievance_answers ADD COLUMN line jsonb;
    ALTER TABLE grievances ADD COLUMN outcome_line jsonb;
  `.execute(db);
  await convertStoredText(db);
  await sql`
    ALTER TABLE grievance_events ALTER COLUMN line SET NOT NULL,
      ADD CONSTRAINT grievance_events_line_check CHECK (jsonb_typeof(line) = 'object');
    ALTER TABLE grievance_deadlines DROP COLUMN explanation_text,
      ALTER COLUMN explanation SET NOT NULL,
      ADD CONSTRAINT grievance_deadlines_explanation_check CHECK (jsonb_typeof(explanation) = 'array');
    ALTER TABLE information_requests DROP COLUMN explanation_text,
      ALTER COLUMN explanation SET NOT NULL,
      ADD CONSTRAINT information_requests_explanation_check CHECK (jsonb_typeof(explanation) = 'array');

    -- The missed-deadline job writes its entry as a line (restated whole from 0050).
    CREATE OR REPLACE FUNCTION claim_missed_deadlines(at timestamptz)
      RETURNS TABLE (organization_id uuid, grievance_id text, kind text, step_name text,
                     due_date date, subject text, submitted_by text, assignee_email text,
                     admin_emails text[])
      LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        WITH due AS (
          SELECT d.organization_id, d.id
          FROM organizations o
          CROSS JOIN LATERAL (
            SELECT x.organization_id, x.id FROM grievance_deadlines x
            WHERE x.organization_id = o.id AND x.state = 'open'
              AND x.due_date < (at AT TIME ZONE 'UTC')::date + 1
              AND x.due_date < (at AT TIME ZONE x.time_zone)::date
          ) d
        ), claimed AS (
          UPDATE grievance_deadlines x SET state = 'missed', missed_at = at
          FROM due WHERE x.organization_id = due.organization_id AND x.id = due.id
            AND x.state = 'open'
          RETURNING x.organization_id, x.grievance_id, x.kind, x.step_index, x.step_name,
                    x.due_date
        ), logged AS (
          INSERT INTO grievance_events (organization_id, grievance_id, actor_id, actor_name,
                                        actor_role, kind, text, line)
          SELECT c.organization_id, c.grievance_id, NULL, 'System', 'system', 'deadline', NULL,
                 CASE c.kind
                   WHEN 'remedy' THEN jsonb_build_object('kind', 'remedyOverdue',
                     'params', jsonb_build_object('day', to_char(c.due_date, 'YYYY-MM-DD')))
                   ELSE jsonb_build_object('kind', 'missed', 'params', jsonb_build_object(
                     'day', to_char(c.due_date, 'YYYY-MM-DD'),
                     'subject', CASE c.kind
                       WHEN 'filing' THEN jsonb_build_object('kind', 'filing')
                       ELSE jsonb_build_object('kind', c.kind, 'step', jsonb_build_object(
                         'index', c.step_index, 'name', c.step_name)) END)) END
          FROM claimed c
        )
        SELECT c.organization_id, c.grievance_id, c.kind, c.step_name, c.due_date, g.subject,
               g.submitted_by, u.email,
               coalesce((SELECT array_agg(au.email ORDER BY au.email) FROM memberships m
                         JOIN users au ON au.id = m.user_id
                         WHERE m.organization_id = c.organization_id AND m.role = 'admin'), '{}')
        FROM claimed c
        JOIN grievances g ON g.organization_id = c.organization_id AND g.id = c.grievance_id
        LEFT JOIN users u ON u.id = g.assignee_id $$;
  `.execute(db);
}
