import { describe, expect, it } from "vitest";
import { lineIn } from "../../../tests/support/lines.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages.ts";
import {
  LINE_KINDS,
  type LineKind,
  type LineParams,
  line,
  type TextLine,
  ZTextLine,
} from "./text-lines.ts";

/**
 * One example of every kind (a kind added without one fails to compile here, as one without a
 * renderer fails in render-line.ts), rendered in every language of the list: each reads
 * through its own catalogue entries, whole, and differs from English where it has words of ours.
 */
const step = { index: 1, name: "Step 2" };
const person = { id: "u1", name: "Sam Okafor" };
const limit = { days: 10, dayType: "business" as const };
const money = { cents: 125_050, currency: "USD" };
const EXAMPLES: { [K in LineKind]: LineParams<K> } = {
  text: { text: "Something typed long ago" },
  filed: {},
  filedBy: { by: person },
  importedBy: { by: person },
  comment: { text: "Call me" },
  note: { text: "Check the list" },
  attached: { file: null },
  markedPending: { note: "HR asked" },
  escalated: {},
  resolved: {},
  resolvedNoOutcome: {},
  filedLate: { day: "2026-12-08", days: 3 },
  groupFormed: { by: person, ids: ["G-2026-0001", "G-2026-0002"], note: "Same shift." },
  mergedInto: { id: "G-2026-0009", step },
  mergedSummary: { id: "G-2026-0009", ids: ["G-2026-0001"] },
  joinedGroup: { id: "G-2026-0009", from: "G-2026-0001" },
  addedToGroup: {},
  answerCorrected: { step, day: "2026-12-08", was: "2026-12-07", decision: "partial" },
  answered: { step, day: "2026-12-08", decision: "denied", note: "by phone" },
  escalatedTo: { step },
  extended: {
    subject: { kind: "response", step },
    from: "2026-12-08",
    to: "2026-12-15",
    agreedWith: "HR",
  },
  hold: { reason: "Waiting for records" },
  resumed: { days: 1 },
  resumedMoved: { days: 5, subject: { kind: "appeal", step }, day: "2026-12-15" },
  assigned: { to: person },
  closed: { step, outcome: "granted", summary: "Paid." },
  closedRemedy: {
    step,
    outcome: "settled",
    summary: "Paid.",
    money,
    description: { kind: "backPay" },
    day: "2026-12-15",
  },
  remedyReceived: { money, description: { text: "boots" }, by: person },
  reopened: { step, reason: "Short payment" },
  deemedDenied: { day: "2026-12-08" },
  grievantAdded: { person },
  grievantRemoved: { person },
  linked: { ids: ["G-2026-0002", "G-2026-0003"] },
  unlinked: { ids: ["G-2026-0002"] },
  served: { name: "Dana Diaz", email: "dana@example.org" },
  opened: { name: "Dana Diaz" },
  remedyOverdue: { day: "2026-12-08" },
  missed: { subject: { kind: "filing" }, day: "2026-12-08" },
  "line.computed": {
    heading: { kind: "question" },
    limit,
    day: "2026-12-08",
    from: "asked",
  },
  "line.rolled": { n: 30, day: "2026-12-05" },
  "line.skippedWeekendDay": { day: "2026-12-06" },
  "line.skipped": {
    day: "2026-11-26",
    reason: { type: "holiday", region: "US", contract: false, name: "Thanksgiving Day" },
  },
  "line.skippedWeekend": { from: "2026-12-31", to: "2027-01-01" },
  "line.due": { day: "2026-12-08" },
  "line.held": { from: "2026-12-01", to: "2026-12-04", limit: { days: 1, dayType: "calendar" } },
  "line.tolled": { from: "2026-12-01", to: "2026-12-04", limit },
  "line.unchanged": { day: "2026-12-08" },
  "line.movedBy": { limit, day: "2026-12-08" },
  "line.notBusiness": { day: "2026-12-05" },
  "line.filedLate": { day: "2026-12-08", days: 1 },
  "line.filedInTime": { day: "2026-12-08" },
  "line.answerCorrected": { day: "2026-12-08", received: "2026-12-07" },
  "line.answerReceived": { day: "2026-12-08" },
  "line.imported": { day: "2026-12-08" },
  "line.importedMet": {},
  "line.importedMissed": {},
  "line.appealed": { day: "2026-12-08" },
  "line.closedAppealed": { day: "2026-12-08", step },
  "line.closedResolved": { day: "2026-12-08" },
  "line.closedClosed": { day: "2026-12-08", outcome: "arbitration_won" },
  "line.closedReopened": { day: "2026-12-08" },
  "line.closedMerged": { day: "2026-12-08", id: "G-2026-0009" },
  "line.received": { day: "2026-12-08", by: person },
  "line.deemedDenied": { day: "2026-12-08" },
  "line.extended": { from: "2026-12-08", to: "2026-12-15", agreedWith: "HR" },
  "line.remedy": { money, description: { kind: "other" }, day: "2026-12-08", outcome: "settled" },
};
const lines: TextLine[] = LINE_KINDS.map((kind) => line(kind, EXAMPLES[kind] as never));

describe("rendering a line in every language", () => {
  it("knows every kind's schema", () => {
    for (const l of lines) expect(ZTextLine.safeParse(l).success, l.kind).toBe(true);
    expect(ZTextLine.safeParse({ kind: "due", params: {} }).success).toBe(false);
    expect(ZTextLine.safeParse({ kind: "line.due", params: { day: "8 Dec" } }).success).toBe(false);
  });

  it.each(LANGUAGES)("renders every kind whole in %s", (language) => {
    const read = lineIn(language);
    for (const l of lines) {
      const text = read(l);
      expect(text, l.kind).not.toMatch(/stored\.|\{\{|undefined|\[object/);
      expect(text.length, l.kind).toBeGreaterThan(0);
      if (language !== DEFAULT_LANGUAGE && l.kind !== "text")
        expect(text, l.kind).not.toBe(lineIn(DEFAULT_LANGUAGE)(l));
    }
  });

  it("writes English as the server stored it, and Spanish through Intl", () => {
    const en = lineIn("en");
    const es = lineIn("es");
    const weekend = line("line.skippedWeekend", { from: "2026-12-31", to: "2027-01-01" });
    expect(en(weekend)).toBe("skipped weekend 31 Dec 2026 to 1 Jan 2027");
    expect(es(weekend)).toBe("se omitió el fin de semana del 31 de dic de 2026 – 1 de ene de 2027");
    const remedy = line("closedRemedy", EXAMPLES.closedRemedy);
    expect(en(remedy)).toBe(
      "Closed at Step 2: Settled. Paid. Remedy: $1,250.50 (Back pay) due Tue 15 Dec 2026.",
    );
    expect(line("groupFormed", EXAMPLES.groupFormed)).toSatisfy(
      (l: TextLine) =>
        en(l) === "Group grievance formed by Sam Okafor from G-2026-0001, G-2026-0002. Same shift.",
    );
  });

  it("names a public holiday from the holiday library in the reader's language, a local's day as typed", () => {
    const holiday = line("line.skipped", EXAMPLES["line.skipped"]);
    const library = (day: string, region: string, language: string) =>
      day === "2026-11-26" && region === "US" && language === "es" ? "Acción de Gracias" : null;
    expect(lineIn("es", { holidayName: library })(holiday)).toBe(
      "se omitió el jue, 26 de nov (Acción de Gracias, feriado)",
    );
    // Without the library (the browser), the names the server sent with the line.
    const sent = line("line.skipped", {
      day: "2026-11-26",
      reason: {
        type: "holiday",
        region: "US",
        contract: false,
        name: "Thanksgiving Day",
        names: { es: "Acción de Gracias" },
      },
    });
    expect(lineIn("es")(sent)).toBe("se omitió el jue, 26 de nov (Acción de Gracias, feriado)");
    // A contract holiday and a closure are the local's words.
    const contract = line("line.skipped", {
      day: "2026-11-27",
      reason: { type: "holiday", region: "US", contract: true, name: "Day after Thanksgiving" },
    });
    expect(lineIn("es", { holidayName: () => "otra cosa" })(contract)).toBe(
      "se omitió el vie, 27 de nov (Day after Thanksgiving, feriado del contrato)",
    );
  });

  it("appends a typed note with the language's colon (French puts a space before it)", () => {
    const pending = line("markedPending", EXAMPLES.markedPending);
    expect(lineIn("en")(pending)).toBe("Marked as pending: HR asked");
    expect(lineIn("es")(pending)).toMatch(/[^ ]: HR asked$/);
    expect(lineIn("fr-CA")(pending)).toBe("Mis en attente : HR asked");
  });

  it("names a person by their current name where the reader knows it", () => {
    const assigned = line("assigned", { to: person });
    expect(lineIn("en")(assigned)).toBe("Assigned to Sam Okafor");
    expect(
      lineIn("en", { personName: (id) => (id === "u1" ? "Sam Okafor-Diaz" : undefined) })(assigned),
    ).toBe("Assigned to Sam Okafor-Diaz");
  });
});
