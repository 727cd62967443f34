import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_STORED, TEMPLATES } from "../../../shared/i18n/stored-text.samples.ts";

/**
 * The server stores its log sentences and deadline explanations in English; the reader sees
 * them through shared/i18n/stored-text.ts, one pattern per template. This reads the files that
 * write them: a template literal that is neither listed (with its Spanish) in
 * stored-text.samples.ts nor known as no stored sentence fails, so a new sentence gets its
 * pattern; a listed one that is gone fails too.
 */
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const FILES = [...new Set(TEMPLATES.map((x) => x.file))];

/** The template literals of a source file (comments left out), and its plain headings/labels. */
function sentencesIn(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join("\n");
  const literals = [...code.matchAll(/`[^`]*`/g)].map((m) => m[0]);
  const plain = [...code.matchAll(/\b(?:heading|fromLabel|text): "[^"]*"/g)].map((m) => m[0]);
  return [...literals, ...plain];
}

describe("stored sentences: the server's templates are all known", () => {
  for (const file of FILES) {
    it(file, () => {
      const found = sentencesIn(file);
      const listed = TEMPLATES.filter((x) => x.file === file).map((x) => x.source);
      const unknown = found.filter((s) => !listed.includes(s) && !NOT_STORED.has(s));
      // A new sentence here: add a pattern to stored-text.ts and a line to TEMPLATES.
      expect(unknown).toEqual([]);
      // A template changed or gone: change its pattern and its line here.
      expect(listed.filter((s) => !found.includes(s))).toEqual([]);
    });
  }

  it("the plain words the log's patterns rely on are still written", () => {
    const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
    const related = read("src/server/modules/grievances/related.ts");
    expect(related).toContain('"Linked to related grievance"');
    expect(related).toContain('"Unlinked from grievance"');
    const schema = read("src/shared/schemas/grievances.ts");
    for (const words of ['"Grievance filed."', '"Marked as pending"', '"Escalated"', '"Resolved"'])
      expect(schema).toContain(words);
    expect(schema).toContain('OUTCOME_NOT_RECORDED = "Outcome not recorded"');
  });

  it("the missed-deadline job's sentences are still those of migration 0050", () => {
    const dir = path.join(ROOT, "src/server/db/migrations");
    const defining = readdirSync(dir)
      .filter((f) =>
        readFileSync(path.join(dir, f), "utf8").includes("FUNCTION claim_missed_deadlines"),
      )
      .sort();
    expect(defining.at(-1)).toBe("0050_grievance_outcomes.ts");
    const sql = readFileSync(path.join(dir, "0050_grievance_outcomes.ts"), "utf8");
    for (const words of [
      "'Remedy overdue: the employer''s payment'",
      "'Deadline missed: '",
      "'the employer''s answer at '",
      "'the union''s appeal from '",
      "'the filing limit'",
      "' was due ' || to_char(c.due_date, 'Dy FMDD Mon YYYY') || '.'",
    ])
      expect(sql).toContain(words);
  });
});
