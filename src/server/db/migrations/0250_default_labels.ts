import { type Kysely, type RawBuilder, sql } from "kysely";
import { CATALOGUES } from "../../../shared/i18n/catalogues.ts";
import { ARBITRATION } from "../../../shared/i18n/default-labels.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../shared/i18n/languages.ts";

/**
 * The product's defaults are translated until the local renames them (issue 31, decision 039):
 * a default step is stored as its English words. Before, the Procedure tab's add button named a
 * new step in the admin's language ('Paso 4', 'Étape 4'), and a Spanish admin's save stored
 * what the page showed, as typed, then copied it into every case. Such a name is the product's
 * default: it is stored as the default ('Step 4') in the procedure and in every copy (a
 * grievance's step, its deadlines, answers, services, notices, and the step inside stored
 * lines), so every reader sees it in their own language. Any other name is left as typed. The
 * words are the catalogues' as they stand when this runs. One pass per table.
 */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Per language: the numbered steps' pattern ('Paso (10|[1-9])') and Arbitration's words. */
function labelPatterns(): { step: string; arbitration: string }[] {
  return LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).flatMap((language) => {
    const words = (CATALOGUES[language].grievances as { defaults?: Record<string, unknown> })
      .defaults;
    if (typeof words?.step !== "string" || typeof words.arbitration !== "string") return [];
    return [
      {
        step: literal(words.step).replace(literal("{{n}}"), "(10|[1-9])"),
        arbitration: literal(words.arbitration),
      },
    ];
  });
}

/**
 * `value` with every default's words in another language replaced by the English default:
 * where they stand between the patterns `before` and `after`, which are written back as
 * `keep` (the text they match; empty for anchors).
 */
function toDefaults(
  value: RawBuilder<unknown>,
  [before, after]: [string, string],
  [keepBefore, keepAfter]: [string, string],
) {
  let out = value;
  for (const p of labelPatterns()) {
    const step = `${keepBefore}Step \\1${keepAfter}`;
    out = sql`regexp_replace(${out}, ${`${before}${p.step}${after}`}, ${step}, 'g')`;
    const arbitration = `${keepBefore}${ARBITRATION}${keepAfter}`;
    out = sql`regexp_replace(${out}, ${`${before}${p.arbitration}${after}`}, ${arbitration}, 'g')`;
  }
  return out;
}

const anyLabel = () =>
  labelPatterns()
    .map((p) => `${p.step}|${p.arbitration}`)
    .join("|");

const COPIES = [
  "grievances",
  "grievance_deadlines",
  "grievance_answers",
  "employer_services",
  "grievance_notices",
];
/** jsonb columns holding lines. */
const LINES: [string, string][] = [
  ["grievance_events", "line"],
  ["grievance_answers", "line"],
  ["grievances", "outcome_line"],
  ["grievance_deadlines", "explanation"],
  ["information_requests", "explanation"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const whole = `^(${anyLabel()})$`;
  for (const table of COPIES) {
    await sql`UPDATE ${sql.table(table)} SET step_name = ${toDefaults(sql`step_name`, ["^", "$"], ["", ""])}
      WHERE step_name ~ ${whole}`.execute(db);
  }
  // jsonb prints an object's keys shortest first: a line's step is `{"name": ..., "index": ...}`
  // (a person's opens with "id"), so the name before ', "index": ' is a step's.
  const before = '"name": "';
  const after = '", "index": ';
  const inLine = `${before}(${anyLabel()})${after}`;
  for (const [table, column] of LINES) {
    const text = sql`${sql.ref(column)}::text`;
    await sql`UPDATE ${sql.table(table)}
      SET ${sql.ref(column)} = (${toDefaults(text, [literal(before), literal(after)], [before, after])})::jsonb
      WHERE ${text} ~ ${inLine}`.execute(db);
  }
  // A procedure's steps, element by element.
  await sql`UPDATE grievance_procedures p SET steps = (
      SELECT jsonb_agg(CASE WHEN s->>'name' ~ ${whole}
        THEN jsonb_set(s, '{name}', to_jsonb(${toDefaults(sql`s->>'name'`, ["^", "$"], ["", ""])}))
        ELSE s END ORDER BY o)
      FROM jsonb_array_elements(p.steps) WITH ORDINALITY e(s, o))
    WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(p.steps) s WHERE s->>'name' ~ ${whole})`.execute(
    db,
  );
}
