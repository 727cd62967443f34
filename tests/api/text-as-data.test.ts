import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { addMember } from "../../src/server/lib/tenancy/memberships.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../src/shared/i18n/languages.ts";
import type { TextLine } from "../../src/shared/i18n/text-lines.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { fileGrievance } from "../support/deadlines.ts";
import { english, lineIn } from "../support/lines.ts";
import { createOrganization, type TestOrganization } from "../support/tenants.ts";
import { APP_URL, type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

/**
 * Text as data (issue 31, product-decisions.md 37): a case is written while everyone reads
 * English; a reader who switches language reads the activity, the explanations and the notices
 * written before in their new language, rendered from the stored kinds and parameters. Every
 * language of the one list (shared/i18n/languages.ts) is read the same way, so a language added
 * there is tested here with no other change. Then no table a person reads from holds an English
 * sentence, apart from what people typed.
 */
const clock = officeClock("2026-11-23");
let t: MailTestApp;
let org: TestOrganization;
let id: string;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now });
  // The dev seed runs on an empty database only: first.
  const seeded = await seedDemo(t.db, t.auth, pino({ level: "silent" }), {
    storage: t.storage,
    appUrl: APP_URL,
  });
  if (!seeded) throw new Error("the demo seed did not run");
  org = await createOrganization(t, "Text Local");
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, client = org.steward.client) => {
  const res = await client.post(`/api/grievances/${id}/${path}`, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json() as TGrievance;
};
const detail = async (client = org.steward.client) =>
  (await client.get(`/api/grievances/${id}`)).json() as TGrievance;

/** The lines of a case as a reader sees them: the activity, the explanations, the answers. */
const linesOf = (g: TGrievance): TextLine[] => [
  ...g.activityLog.map((e) => e.line),
  ...g.deadlines.flatMap((d) => d.lines),
  ...g.answers.flatMap((a) => (a.line ? [a.line] : [])),
];

/** A full case, written in English: filed late, answered, escalated, extended, held, closed. */
async function walkACase() {
  clock.setDay("2026-11-23");
  id = (await fileGrievance(org.member.client, { incidentDate: "2026-10-01" })).id;
  await post("comments", { text: "Please call me after 5pm.", internal: false }, org.member.client);
  await post("comments", { text: "Check the overtime list.", internal: true });
  await post("assign", { userId: org.steward.id });
  clock.setDay("2026-11-30");
  await post("response", { receivedOn: "2026-11-30", decision: "denied", note: "by phone" });
  clock.setDay("2026-12-01");
  await post("appeal", { note: "the manager never answered" });
  const running = (await detail()).nextDeadline;
  if (!running) throw new Error("no running deadline");
  await post("extensions", {
    deadlineId: running.id,
    newDueDate: "2026-12-22",
    agreedWith: "HR Director",
  });
  clock.setDay("2026-12-02");
  await post("hold", { reason: "Waiting for payroll records" });
  clock.setDay("2026-12-07");
  await post("resume", {});
  clock.setDay("2026-12-08");
  // The member reads Spanish from here on: the closing's mail reaches them in Spanish.
  await org.member.client.request("PUT", "/api/profile/language", { language: "es" });
  await post("close", {
    outcome: "settled",
    summary: "Overtime paid for both shifts.",
    reason: "The employer paid what was owed.",
    remedy: { amountCents: 125_050, dueDate: "2026-12-15", description: "Back pay" },
  });
  await post("remedy/received", {}, org.member.client);
}

describe("a case written in English, read in another language", () => {
  it("reads the activity, explanations and notices written before the switch in the new language", async () => {
    await walkACase();
    const before = await detail();
    const lines = linesOf(before);
    // Every entry the walk wrote is a kind of ours: none was stored as a sentence.
    expect(lines.filter((l) => l.kind === "text")).toEqual([]);
    expect(lines.length).toBeGreaterThan(20);
    // English reads as the server used to store it (the API's English is the same rendering).
    expect(before.activityLog.map((e) => e.action)).toEqual(
      before.activityLog.map((e) => english(e.line)),
    );
    expect(before.activityLog.map((e) => e.action)).toContain(
      "Escalated to Step 2: the manager never answered",
    );
    expect(before.deadlines.flatMap((d) => d.explanation)).toContain(
      "on hold from Wed 2 Dec 2026 to Mon 7 Dec 2026: 3 business days held",
    );

    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      await org.steward.client.request("PUT", "/api/profile/language", { language });
      const after = await detail();
      // The same case, read again: the stored lines have not changed, the words have.
      expect(linesOf(after)).toEqual(lines);
      const read = lineIn(language);
      for (const l of lines) expect(read(l), english(l)).not.toBe(english(l));
      // What people typed stays as typed.
      const all = lines.map(read).join("\n");
      for (const typed of [
        "Please call me after 5pm.",
        "HR Director",
        "Overtime paid for both shifts.",
      ])
        expect(all).toContain(typed);
    }

    // Spanish, exactly.
    const es = lineIn("es");
    const spanish = linesOf(await detail()).map(es);
    expect(spanish).toEqual(
      expect.arrayContaining([
        "Escalada a Paso 2: the manager never answered",
        "El empleador respondió en Paso 1 el lun, 30 de nov de 2026: denegada: by phone",
        "Puesta en espera: Waiting for payroll records",
        "Presentada después del plazo de presentación (lun, 23 de nov de 2026: 21 días después del plazo).",
        "Cerrada en Paso 2: Resuelta por acuerdo. Overtime paid for both shifts. Remedio: $1,250.50 (Pago retroactivo), vence el mar, 15 de dic de 2026.",
        "en espera del mié, 2 de dic de 2026 al lun, 7 de dic de 2026: 3 días hábiles en pausa",
        "se omitió el jue, 26 de nov (Acción de Gracias, feriado)",
      ]),
    );
    // The decision notice is a kind and what the steward typed.
    expect((await detail()).notices).toMatchObject([
      { kind: "settled", reason: "The employer paid what was owed." },
    ]);
    // The member switched before the closing: its mail came in Spanish.
    const mails = await t.mailsTo(org.member.email);
    expect(mails.at(-1)?.text).toContain(
      "Cerrada en Paso 2: Resuelta por acuerdo. Overtime paid for both shifts. Remedio: $1,250.50 (Pago retroactivo), vence el mar, 15 de dic de 2026.",
    );
  });
});

/**
 * The text columns of the tables a person reads from that hold what people typed or named (or
 * data that is no sentence of ours, such as a file's name), each with the reason. Any other
 * text column may hold only codes (no whitespace: kinds, states, ids, emails, time zones), and
 * a `jsonb` line column only lines of our kinds. The tables are the organization's (those with
 * `organization_id`, and `organizations`); the mail outbox holds mails as sent, each already in
 * its recipient's language, and no page shows it but the development mailbox.
 */
const TYPED: Record<string, string> = {
  "announcements.title": "typed by an admin",
  "announcements.content": "typed by an admin",
  "announcements.category": "named by an admin",
  "documents.name": "a file's name",
  "documents.category": "named on upload",
  "employer_contacts.name": "a person's name",
  "employer_contacts.title": "typed job title",
  "employer_services.contact_name": "a person's name",
  "employer_services.contact_title": "typed job title",
  "employer_services.message": "typed by the steward",
  "employer_services.served_by_name": "a person's name",
  "employer_services.step_name":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievance_answers.text": "the employer's written answer (a deemed answer is a line)",
  "grievance_answers.step_name":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievance_attachments.name": "a file's name",
  "grievance_contacts.summary": "typed by the steward",
  "grievance_contacts.recorded_by_name": "a person's name",
  "grievance_deadlines.step_name":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievance_events.actor_name":
    "a person's name, or 'System', which every reader sees in their words (rendered by role)",
  "grievance_events.text":
    "what people typed: a comment, a note, a status change's note, a file's name",
  "grievance_notices.reason": "typed by the steward",
  "grievance_notices.appeal_text": "the local's internal appeal route, as it wrote it",
  "grievance_notices.decided_by_name": "a person's name",
  "grievance_notices.step_name":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievance_questions.text": "typed by the member",
  "grievance_questions.reply_text": "typed by the steward",
  "grievance_questions.asked_by_name": "a person's name",
  "grievance_questions.replied_by_name": "a person's name",
  "grievances.name": "the grievant's name as typed",
  "grievances.job_title": "typed on filing",
  "grievances.department": "typed on filing",
  "grievances.location": "typed on filing",
  "grievances.description":
    "typed on filing (a group grievance's joins its members' with one sentence: see decision 036)",
  "grievances.remedy": "typed on filing",
  "grievances.subject": "typed on filing, or the first words of the description",
  "grievances.outcome_summary": "typed on closing (a merge's summary is a line)",
  "grievances.hold_reason": "typed on hold",
  "grievances.remedy_description": "the remedy's kind as the close dialog stores it, or typed",
  "grievances.remedy_confirmed_by_name": "a person's name",
  "grievances.step_name":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievances.current_step":
    "the step's name the local gave it (a default's English words are its key: decision 039)",
  "grievances.badge_number": "typed on filing",
  "grievances.articles": "the contract's articles as the local names them",
  "grievance_report_rollups.label": "a report's row: an article, a location, a person, as typed",
  "grievance_report_rollups.value": "a report's row key: typed data, lower-cased",
  "users.name": "a person's name",
  "information_item_library.text": "typed by the local",
  "information_request_items.text": "typed by the steward (or a library entry)",
  "information_request_items.note": "typed by whoever answered",
  "information_request_items.answered_by_name": "a person's name",
  "information_request_files.name": "a file's name",
  "information_request_log.actor_name": "a person's name",
  "information_request_log.note": "typed with the answer",
  "information_request_log.file_name": "a file's name",
  "information_requests.contact_name": "a person's name",
  "information_requests.message": "typed by the steward",
  "information_requests.created_by_name": "a person's name",
  "memberships.department": "typed by an admin",
  "memberships.facility": "typed by an admin",
  "organizations.name": "the local's name",
  "organizations.departments":
    "the local's list as it edits it (a default entry's English words are its key: decision 039)",
  "organizations.job_titles":
    "the local's list as it edits it (a default entry's English words are its key: decision 039)",
  "organizations.locations":
    "the local's list as it edits it (a default entry's English words are its key: decision 039)",
  "people.shift": "typed or imported",
  "people.name": "a person's name",
  "people.department": "typed or imported",
  "people.location": "typed or imported",
  "people.job_title": "typed or imported",
};

/** jsonb columns that are lines; other jsonb columns hold settings and records, not text. */
const LINE_COLUMNS = new Set([
  "grievance_events.line",
  "grievance_answers.line",
  "grievances.outcome_line",
  "grievance_deadlines.explanation",
  "information_requests.explanation",
]);

describe("no English sentence is stored (issue 31)", () => {
  it("after the seed and a full case walk, only typed columns hold text with spaces", async () => {
    // A second steward joins in Spanish and works on the walked case.
    const other = await t.createSignedIn({ name: "Delegada Ruiz" });
    await addMember(t.db, {
      organizationId: org.id,
      userId: other.id,
      role: "steward",
      facility: null,
    });
    await other.client.request("PUT", "/api/profile/language", { language: "es" });
    await post("reopen", { reason: "The payment was short." }, other.client);

    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      const columns = (
        await owner.query(
          `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
           WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'ARRAY', 'jsonb')
             AND (c.table_name = 'organizations' OR EXISTS (SELECT 1 FROM information_schema.columns o
               WHERE o.table_schema = 'public' AND o.table_name = c.table_name
                 AND o.column_name = 'organization_id'))
             AND c.is_generated = 'NEVER'
           ORDER BY 1, 2`,
        )
      ).rows as { table_name: string; column_name: string; data_type: string }[];
      // Every column named above exists (a renamed column must be named again).
      const known = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
      expect(Object.keys(TYPED).filter((k) => !known.has(k))).toEqual([]);
      expect([...LINE_COLUMNS].filter((k) => !known.has(k))).toEqual([]);
      const scan = async () => {
        const sentences: string[] = [];
        const unconverted: string[] = [];
        for (const { table_name: table, column_name: column, data_type: type } of columns) {
          const key = `${table}.${column}`;
          if (TYPED[key]) continue;
          if (LINE_COLUMNS.has(key)) {
            const { rows } = await owner.query(
              `SELECT v FROM ${table}, jsonb_path_query(to_jsonb(${column}), 'strict $.** ? (@.kind == "text")') v LIMIT 3`,
            );
            unconverted.push(...rows.map((r) => `${key}: ${JSON.stringify(r.v)}`));
            continue;
          }
          if (type === "jsonb") continue;
          const value = type === "ARRAY" ? `array_to_string(${column}, ' | ')` : column;
          const { rows } = await owner.query(
            `SELECT ${value} AS v FROM ${table} WHERE ${value} ~ '[[:alpha:]]\\s+[[:alpha:]]' LIMIT 3`,
          );
          sentences.push(...rows.map((r) => `${key}: ${r.v}`));
        }
        return { sentences, unconverted };
      };
      const { sentences, unconverted } = await scan();
      // Words with spaces in a column not named above: a sentence of ours stored as text.
      expect(sentences).toEqual([]);
      // Lines the migration could not read (none are written any more).
      expect(unconverted).toEqual([]);
      // The scan saw the tables that hold lines, with rows in them.
      const { rows } = await owner.query(
        `SELECT (SELECT count(*) FROM grievance_events)::int AS events,
                (SELECT count(*) FROM grievance_deadlines)::int AS deadlines`,
      );
      expect(rows[0].events).toBeGreaterThan(20);
      expect(rows[0].deadlines).toBeGreaterThan(5);
      // A positive control: a sentence in a code column and a line left as text are found.
      await owner.query(`UPDATE people SET phone = 'Call me back' WHERE organization_id = $1`, [
        org.id,
      ]);
      await owner.query(
        `UPDATE grievance_answers SET line = '{"kind":"text","params":{"text":"Escalated"}}'
         WHERE organization_id = $1`,
        [org.id],
      );
      const planted = await scan();
      expect(planted.sentences).toContain("people.phone: Call me back");
      expect(planted.unconverted.length).toBeGreaterThan(0);
    } finally {
      await owner.end();
    }
  });
});
