import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { computeDueDate, shiftForHold, type WorkCalendar } from "../deadline-engine/deadline.ts";
import { describeEvent, OUTCOME_LABELS } from "../schemas/grievances.ts";
import { CATALOGUES } from "./catalogues.ts";
import type { Language } from "./languages.ts";
import { OTHER_SAMPLES, TEMPLATES } from "./stored-text.samples.ts";
import { renderStored, STORED_PATTERNS, type Translate, translateStored } from "./stored-text.ts";

const i18n = i18next.createInstance();
void i18n.init({
  lng: "en",
  resources: {
    en: { grievances: CATALOGUES.en.grievances },
    es: { grievances: CATALOGUES.es.grievances },
  },
  ns: ["grievances"],
  defaultNS: "grievances",
  initAsync: false,
  // As in the browser (React escapes) and on the server (mails escape themselves).
  interpolation: { escapeValue: false },
});
const tOf = (language: Language) => i18n.getFixedT(language, "grievances") as unknown as Translate;
const es = (text: string) => translateStored(text, "es", tOf("es"));
const en = (text: string) => renderStored(text, "en", tOf("en"));

const SAMPLES = [...TEMPLATES.flatMap((x) => x.samples), ...OTHER_SAMPLES];

describe("stored sentences in Spanish", () => {
  it.each(SAMPLES)("%s", (english, spanish) => {
    expect(es(english)).toBe(spanish);
  });

  it.each(SAMPLES)("English through the catalogue is the stored text: %s", (english) => {
    expect(en(english)).toBe(english);
    expect(translateStored(english, "en", tOf("en"))).toBe(english);
  });

  it("reads an answer logged before issue 30 with the raw 'partial' (issue 30)", () => {
    expect(es("Employer answered Step 2 on Mon 4 Jan 2027: partial")).toBe(
      "El empleador respondió en Step 2 el lun, 4 de ene de 2027: concedida en parte",
    );
  });

  it("describeEvent's wording of each event kind is translated", () => {
    const log = [
      describeEvent({ kind: "filed", status: null, text: null }),
      describeEvent({ kind: "comment", status: null, text: "Hello" }),
      describeEvent({ kind: "note", status: null, text: "Private" }),
      describeEvent({ kind: "attachment", status: null, text: null }),
      describeEvent({ kind: "status", status: "pending", text: null }),
      describeEvent({ kind: "status", status: "pending", text: "HR asked" }),
      describeEvent({ kind: "status", status: "resolved", text: "Outcome not recorded" }),
    ];
    expect(log.map(es)).toEqual([
      "Queja presentada.",
      "Comentario: Hello",
      "Nota interna: Private",
      "Adjuntó un archivo",
      "Marcada como pendiente",
      "Marcada como pendiente: HR asked",
      "Resuelta: resultado no registrado",
    ]);
  });

  it("every outcome label reads in both languages", () => {
    for (const label of Object.values(OUTCOME_LABELS)) {
      const line = `Closed at Step 1: ${label}. Done.`;
      expect(en(line)).toBe(line);
      expect(es(line)).not.toContain(label);
    }
  });

  it("every pattern has a catalogue entry in both languages", () => {
    for (const p of STORED_PATTERNS) {
      for (const language of ["en", "es"] as const)
        expect(i18n.exists(p.key, { lng: language, ns: "grievances" })).toBe(true);
    }
  });
});

describe("the deadline engine's lines", () => {
  const HOLIDAYS: Record<string, string> = {
    "2026-11-26": "Thanksgiving Day",
    "2026-12-25": "Christmas Day",
    "2027-01-01": "New Year's Day",
  };
  const calendar: WorkCalendar = {
    holidayName: (d) => HOLIDAYS[d] ?? null,
    closureName: (d) => (d === "2026-12-24" ? "Office closed" : null),
  };
  const computed = [
    computeDueDate({
      from: "2026-11-20",
      fromLabel: "answer received",
      heading: "Union appeal to Step 2",
      limit: { days: 10, dayType: "business" },
      calendar,
    }),
    computeDueDate({
      from: "2026-12-18",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: { days: 15, dayType: "business" },
      calendar,
    }),
    computeDueDate({
      from: "2026-10-28",
      fromLabel: "appealed",
      heading: "Employer answer to Step 2",
      limit: { days: 5, dayType: "business" },
      calendar,
    }),
    computeDueDate({
      from: "2022-12-28",
      fromLabel: "no answer by that day: deemed denied under the agreement",
      heading: "Union appeal to Step 3",
      limit: { days: 5, dayType: "business" },
      calendar,
    }),
    computeDueDate({
      from: "2026-11-02",
      fromLabel: "incident",
      heading: "Filing limit",
      limit: { days: 33, dayType: "calendar" },
      calendar,
    }),
  ];
  const [first, , , , filing] = computed;
  if (!first || !filing) throw new Error("computed");
  const held = [
    shiftForHold({
      ...first,
      heldOn: "2026-11-30",
      resumedOn: "2026-12-03",
      dayType: "business",
      calendar,
    }),
    shiftForHold({
      ...filing,
      heldOn: "2026-11-30",
      resumedOn: "2026-12-02",
      dayType: "calendar",
      calendar,
    }),
    shiftForHold({
      ...first,
      heldOn: "2026-11-28",
      resumedOn: "2026-11-29",
      dayType: "business",
      calendar,
    }),
  ];
  const lines = [...computed, ...held].flatMap((c) => c.explanation);
  const ENGLISH = /\b(skipped|weekend|business|calendar|due|from|moved|held|hold|day|days)\b/;

  it("covers weekends across months and years, holidays, closures, roll-forward and holds", () => {
    const text = lines.join("\n");
    for (const shape of [
      /skipped weekend \d+ to \d+ \w+$/m,
      /skipped weekend \d+ \w+ to \d+ \w+$/m,
      /skipped weekend \d+ \w+ \d{4} to/m,
      /\(Thanksgiving Day\)/,
      /\(Office closed\)/,
      /not a business day/,
      /on hold from/,
      /due date unchanged/,
      /moved by/,
    ])
      expect(text).toMatch(shape);
  });

  it.each(lines)("%s", (line) => {
    expect(en(line)).toBe(line);
    const spanish = es(line);
    expect(spanish).not.toBe(line);
    expect(spanish.replace(/\([^)]*Day\)/, "")).not.toMatch(ENGLISH);
  });
});

describe("what is not the server's sentence", () => {
  it("stays as stored", () => {
    for (const text of [
      "",
      "Something someone typed",
      "Escalated to",
      "due Tue 8 Dec",
      "Employer answered Step 1 on Tue 8 Dec 2026: maybe",
      "due 2026-12-08",
    ])
      expect(es(text)).toBe(text);
  });

  it("a day that is no day stays as written inside a known sentence", () => {
    expect(es("due Tue 31 Feb 2026")).toBe("vence el Tue 31 Feb 2026");
  });

  it("passes data with regular expression and interpolation characters through untouched", () => {
    const data = "$1 $& $' (a|b)* [x] {{name}} $t(stored.filed) \\d+ ^.*?$";
    expect(es(`Comment: ${data}`)).toBe(`Comentario: ${data}`);
    expect(es(`Put on hold: ${data}`)).toBe(`Puesta en espera: ${data}`);
    expect(es(`Assigned to ${data}`)).toBe(`Asignada a ${data}`);
    expect(es(`Escalated to ${data}: ${data}`)).toBe(`Escalada a ${data}: ${data}`);
    expect(es(`skipped Thu 26 Nov (${data})`)).toBe(`se omitió el jue, 26 de nov (${data})`);
    const closed = `Closed at ${data}: Granted. ${data}`;
    expect(es(closed)).toBe(`Cerrada en ${data}: Concedida. ${data}`);
    expect(en(closed)).toBe(closed);
  });

  it("a comment that reads like a server sentence stays the comment", () => {
    expect(es("Comment: Assigned to Sam")).toBe("Comentario: Assigned to Sam");
  });
});
