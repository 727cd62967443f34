import { randomBytes } from "node:crypto";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { type TextLine, ZTextLine } from "../../src/shared/i18n/text-lines.ts";
import { english, lineIn } from "../support/lines.ts";
import { OLD_SENTENCES } from "../support/old-sentences.ts";

/**
 * Migration 0220 (issue 31) on a database holding the English sentences stored before it: the
 * samples of the removed pattern layer, as activity entries, explanation lines, a deemed answer
 * and a merged grievance's summary. Every converted row renders in English to exactly the
 * sentence it replaced, and in Spanish to what the pattern layer showed a Spanish reader; a row
 * that no kind reads stays readable as stored.
 */
const name = `m_${randomBytes(6).toString("hex")}`;
let url: string;
let owner: pg.Client;
let org: string;

const spanish = lineIn("es");
const SPANISH = new Map(OLD_SENTENCES);

beforeAll(async () => {
  const server = inject("pgServerUrl");
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < "0220"));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
  }).migrateToLatest();
  await db.destroy();
  if (error) throw error;
  owner = new pg.Client({ connectionString: url });
  await owner.connect();
  org = (
    await owner.query(
      `INSERT INTO organizations (name, invite_code, plan) VALUES ('Old Local', 'OLDCODE234', 'pro') RETURNING id`,
    )
  ).rows[0].id as string;
  await owner.query(
    `INSERT INTO grievance_procedures (organization_id, filing_limit, steps, holiday_region, closures)
     VALUES ($1, '{"days":30,"dayType":"calendar"}', '[{"name":"Step 1","responseLimit":null,"appealLimit":null}]',
             'US', '[{"date":"2026-11-27","name":"Office closed"}]')
     ON CONFLICT (organization_id) DO UPDATE SET holiday_region = 'US',
       closures = '[{"date":"2026-11-27","name":"Office closed"}]'`,
    [org],
  );
  for (const id of ["G-2026-0001", "G-2026-0002"])
    await owner.query(
      `INSERT INTO grievances (organization_id, id, name, badge_number, job_title, department,
         location, description, remedy, type, status, outcome, merged_into, outcome_summary)
       VALUES ($1, $2, 'Ana Ruiz', 'B-1', 'x', 'x', 'x', 'Overtime out of order.', 'Pay it.',
         'individual', 'resolved', $3, $4, $5)`,
      id === "G-2026-0001"
        ? [
            org,
            id,
            "merged",
            "G-2026-0009",
            "Merged into group grievance G-2026-0009 with G-2026-0001, G-2026-0002.",
          ]
        : [org, id, "settled", null, "Paid in full. Resolved: yes."],
    );
});

afterAll(async () => {
  await owner?.end();
  const admin = new pg.Client({ connectionString: inject("pgServerUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** How the sentence was stored as an event before: the kind, status and typed text. */
function eventOf(sentence: string): { kind: string; status: string | null; text: string | null } {
  for (const [prefix, kind] of [
    ["Comment: ", "comment"],
    ["Internal note: ", "note"],
  ] as const)
    if (sentence.startsWith(prefix))
      return { kind, status: null, text: sentence.slice(prefix.length) };
  if (sentence === "Attached a file") return { kind: "attachment", status: null, text: null };
  if (sentence.startsWith("Attached "))
    return { kind: "attachment", status: null, text: sentence.slice("Attached ".length) };
  for (const [base, status] of [
    ["Marked as pending", "pending"],
    ["Escalated", "escalated"],
    ["Resolved", "resolved"],
  ] as const) {
    if (sentence === base) return { kind: "status", status, text: null };
    if (sentence.startsWith(`${base}: `))
      return { kind: "status", status, text: sentence.slice(base.length + 2) };
  }
  return { kind: "deadline", status: null, text: sentence };
}

const EXPLANATION = OLD_SENTENCES.map(([en]) => en).filter(
  (s) => /^[a-z]/.test(s) || s.startsWith("Remedy: ") || /^[A-Z][\w' ]+: \d+ /.test(s),
);

describe("migration 0220 on the sentences stored before issue 31", () => {
  it("converts every row to lines that render back to the stored English, and read in Spanish", async () => {
    const sentences = OLD_SENTENCES.map(([en]) => en);
    for (const s of sentences) {
      const e = eventOf(s);
      await owner.query(
        `INSERT INTO grievance_events (organization_id, grievance_id, actor_name, actor_role, kind, status, text, created_at)
         VALUES ($1, 'G-2026-0002', 'Sam Steward', 'steward', $2, $3, $4, '2026-12-10T15:00:00Z')`,
        [org, e.kind, e.status, e.text],
      );
    }
    await owner.query(
      `INSERT INTO grievance_deadlines (organization_id, grievance_id, step_index, step_name, kind,
         due_date, explanation, limit_days, day_type, time_zone)
       VALUES ($1, 'G-2026-0002', 0, 'Step 1', 'response', '2026-12-08', $2, 10, 'business', 'America/New_York')`,
      [org, EXPLANATION],
    );
    await owner.query(
      `INSERT INTO information_requests (organization_id, grievance_id, due_date, explanation,
         limit_days, day_type, time_zone, created_by_name)
       VALUES ($1, 'G-2026-0002', '2026-12-09', $2, 10, 'business', 'America/New_York', 'Sam')`,
      [
        org,
        [
          "Information request: 10 business days from Tue 24 Nov 2026 (served)",
          "skipped Thu 26 Nov (Thanksgiving Day)",
          "skipped Fri 27 Nov (Office closed)",
          "skipped weekend 28 to 29 Nov",
          "due Wed 9 Dec 2026",
        ],
      ],
    );
    await owner.query(
      `INSERT INTO grievance_answers (organization_id, grievance_id, step_index, step_name,
         received_on, decision, text)
       VALUES ($1, 'G-2026-0002', 0, 'Step 1', '2026-12-08', 'denied',
               'No answer by Tue 8 Dec 2026: deemed denied under the agreement'),
              ($1, 'G-2026-0001', 0, 'Step 1', '2026-12-08', 'granted', 'We agree: pay it.')`,
      [org],
    );

    await migrateToLatest(url);

    // The log: every sentence is back, in order, and each line is a valid one.
    const events = (
      await owner.query(
        `SELECT kind, text, line FROM grievance_events WHERE organization_id = $1 ORDER BY id`,
        [org],
      )
    ).rows as { kind: string; text: string | null; line: TextLine }[];
    expect(events.map((e) => english(e.line))).toEqual(sentences);
    for (const e of events) expect(ZTextLine.safeParse(e.line).success).toBe(true);
    // Converted, and read in Spanish as the pattern layer showed them.
    const converted = events.filter((e) => e.line.kind !== "text");
    const kept = events.filter((e) => e.line.kind === "text").map((e) => english(e.line));
    // Only what no kind renders exactly stays as text: an amount in a form Intl does not write
    // ('USD 90.00'), and a heading of a wording the server never wrote.
    expect(kept).toEqual([
      "Remedy: USD 90.00 (boots (two pairs)), agreed on closing Fri 11 Dec 2026 (Granted)",
      "Custom heading: 1 calendar day from Tue 8 Dec 2026 (custom start)",
    ]);
    for (const e of converted) {
      const en = english(e.line);
      // ...with the product's default step names now in Spanish too (decision 039).
      const es = SPANISH.get(en)
        ?.replace(/\bStep (\d+)\b/g, "Paso $1")
        .replace(/\bArbitration\b/g, "Arbitraje");
      expect({ en, es: spanish(e.line) }).toEqual({ en, es });
    }
    // A server sentence keeps no English in `text`; what people typed stays there.
    expect(
      events.filter((e) => e.kind === "deadline" && e.text !== null && e.line.kind !== "text"),
    ).toEqual([]);
    expect(events.find((e) => e.kind === "comment")?.text).toBe("Please call me back.");

    // The explanations, line for line.
    const [deadline] = (
      await owner.query(`SELECT explanation FROM grievance_deadlines WHERE organization_id = $1`, [
        org,
      ])
    ).rows as { explanation: TextLine[] }[];
    expect(deadline?.explanation.map(english)).toEqual(EXPLANATION);
    const [request] = (
      await owner.query(`SELECT explanation FROM information_requests WHERE organization_id = $1`, [
        org,
      ])
    ).rows as { explanation: TextLine[] }[];
    const lines = request?.explanation ?? [];
    expect(lines.map((l) => l.kind)).toEqual([
      "line.computed",
      "line.skipped",
      "line.skipped",
      "line.skippedWeekend",
      "line.due",
    ]);
    // The holiday by day and region (its name read from the library in each language); the
    // closure as the local named it.
    expect(lines[1]?.params).toEqual({
      day: "2026-11-26",
      // Written before the contract's own holidays (issue 30): which list is not stated.
      reason: { type: "holiday", region: "US", name: "Thanksgiving Day" },
    });
    expect(lines[2]?.params).toEqual({
      day: "2026-11-27",
      reason: { type: "closure", name: "Office closed" },
    });

    // The deemed answer has a line and no English text; the employer's own answer is as typed.
    const answers = (
      await owner.query(
        `SELECT text, line FROM grievance_answers WHERE organization_id = $1 ORDER BY grievance_id DESC`,
        [org],
      )
    ).rows as { text: string; line: TextLine | null }[];
    expect(answers).toEqual([
      { text: "", line: { kind: "deemedDenied", params: { day: "2026-12-08" } } },
      { text: "We agree: pay it.", line: null },
    ]);
    const summaries = (
      await owner.query(
        `SELECT id, outcome_summary, outcome_line FROM grievances WHERE organization_id = $1 ORDER BY id`,
        [org],
      )
    ).rows;
    expect(summaries).toEqual([
      {
        id: "G-2026-0001",
        outcome_summary: null,
        outcome_line: {
          kind: "mergedSummary",
          params: { id: "G-2026-0009", ids: ["G-2026-0001", "G-2026-0002"] },
        },
      },
      { id: "G-2026-0002", outcome_summary: "Paid in full. Resolved: yes.", outcome_line: null },
    ]);
  });
});
