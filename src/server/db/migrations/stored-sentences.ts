import { isIsoDate } from "../../../shared/deadline-engine/days.ts";
import {
  LINE_FROM,
  lineDescription,
  type TextLine,
  type TLineFrom,
  type TLineHeading,
  type TLineStep,
  type TLineSubject,
} from "../../../shared/i18n/text-lines.ts";
import { OUTCOME_LABELS, type TOutcome } from "../../../shared/outcomes.ts";

/**
 * Migration 0220's reader of the English sentences stored before issue 31: each sentence the
 * server used to write, as a template, and the line (kind and parameters) it becomes. Used
 * once, by that migration (and its test); the app renders lines and parses nothing. The
 * migration keeps a line only when it renders back to exactly the stored sentence, so an
 * ambiguous match (a step name holding ': ') is harmless: it stays as text.
 */

/** What a sentence alone does not say: the organization's currency, years near it, its closures. */
export interface SentenceContext {
  currency: string;
  /** Years the row's other days fall in, tried first for a day written without its year. */
  years: number[];
  holidayRegion: string | null;
  closures: { date: string; name: string }[];
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WD = `(?:${WEEKDAYS.join("|")})`;
const MON = `(?:${MONTHS.join("|")})`;
const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const monthOf = (name: string | undefined) => MONTHS.indexOf(name ?? "") + 1;
const weekdayOf = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();

function day(text: string): string {
  const [, d, m, y] = text.split(" ");
  const out = iso(Number(y), monthOf(m), Number(d));
  if (!isIsoDate(out)) throw new Error("no day");
  return out;
}

/** A year in which the day falls on that weekday: the row's own years first. */
function yearFor(month: number, d: number, weekday: number, years: number[]): string {
  const tried = [...years, ...Array.from({ length: 31 }, (_, i) => 2000 + i)];
  for (const y of tried) {
    const out = iso(y, month, d);
    if (isIsoDate(out) && weekdayOf(out) === weekday) return out;
  }
  throw new Error("no day");
}

function short(text: string, c: SentenceContext): string {
  const [w, d, m] = text.split(" ");
  return yearFor(monthOf(m), Number(d), WEEKDAYS.indexOf(w ?? ""), c.years);
}

/** '28 to 29 Nov', '30 Nov to 1 Dec', '31 Dec 2026 to 1 Jan 2027': a weekend from Saturday. */
function range(text: string, c: SentenceContext): { from: string; to: string } {
  const [fromText = "", toText = ""] = text.split(" to ");
  const [td, tm, ty] = toText.split(" ");
  const [fd, fm, fy] = fromText.split(" ");
  if (ty && fy) return { from: day(`x ${fromText}`), to: day(`x ${toText}`) };
  const fromMonth = fm ? monthOf(fm) : monthOf(tm);
  const from = yearFor(fromMonth, Number(fd), 6, c.years);
  const to = iso(Number(from.slice(0, 4)), monthOf(tm), Number(td));
  if (!isIsoDate(to)) throw new Error("no day");
  return { from, to };
}

const countOf = (text: string) => Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
const limit = (text: string) => ({
  days: countOf(text),
  dayType: text.includes("business") ? ("business" as const) : ("calendar" as const),
});
const step = (name: string): TLineStep => ({ index: null, name });
const person = (name: string) => ({ id: null, name });
const decision = (text: string) =>
  text === "partly granted" || text === "partial" ? "partial" : (text as "denied" | "granted");
const OUTCOME_KEYS = Object.entries(OUTCOME_LABELS) as [TOutcome, string][];
function outcome(label: string): TOutcome {
  const key = OUTCOME_KEYS.find(([, l]) => l === label || l.toLowerCase() === label)?.[0];
  if (!key) throw new Error("no outcome");
  return key;
}
function money(text: string, c: SentenceContext) {
  const amount = Number(text.replace(/[^\d.]/g, ""));
  if (!Number.isFinite(amount)) throw new Error("no amount");
  return { cents: Math.round(amount * 100), currency: c.currency };
}
const ids = (text: string) => text.split(", ");

function subject(text: string): TLineSubject {
  if (text === "the filing limit") return { kind: "filing" };
  if (text === "the employer's payment") return { kind: "payment" };
  const answer = /^the employer's answer at ([\s\S]+)$/.exec(text);
  if (answer?.[1]) return { kind: "response", step: step(answer[1]) };
  const appeal = /^the union's appeal from ([\s\S]+)$/.exec(text);
  if (appeal?.[1]) return { kind: "appeal", step: step(appeal[1]) };
  throw new Error("no subject");
}

function heading(text: string): TLineHeading {
  if (text === "Filing limit") return { kind: "filing" };
  if (text === "Deadline") return { kind: "deadline" };
  if (text === "Information request") return { kind: "information" };
  const answer = /^Employer answer to ([\s\S]+)$/.exec(text);
  if (answer?.[1]) return { kind: "response", step: step(answer[1]) };
  const appeal = /^Union appeal to ([\s\S]+)$/.exec(text);
  if (appeal?.[1]) return { kind: "appeal", step: step(appeal[1]) };
  throw new Error("no heading");
}

const FROM_WORDS: Record<string, TLineFrom> = {
  incident: "incident",
  filed: "filed",
  "answer received": "answerReceived",
  appealed: "appealed",
  served: "served",
  requested: "requested",
  "no answer by that day: deemed denied under the agreement": "deemedDenied",
};
function from(text: string): TLineFrom {
  const key = FROM_WORDS[text];
  if (!key || !LINE_FROM.includes(key)) throw new Error("no label");
  return key;
}

/** The regular expression of a named value; anything else is data (lazily matched). */
const SLOTS: Record<string, string> = {
  day: `${WD} \\d{1,2} ${MON} \\d{4}`,
  short: `${WD} \\d{1,2} ${MON}`,
  range: `\\d{1,2}(?: ${MON}(?: \\d{4})?)? to \\d{1,2} ${MON}(?: \\d{4})?`,
  n: "\\d+",
  days: "\\d+ days?",
  limit: "\\d+ (?:business|calendar) days?",
  decision: "(?:denied|granted|partly granted|partial)",
  outcome: `(?:${Object.values(OUTCOME_LABELS).join("|")})`,
  outcomeLower: `(?:${Object.values(OUTCOME_LABELS)
    .map((l) => l.toLowerCase())
    .join("|")})`,
};
const slotOf = (name: string) => SLOTS[name] ?? SLOTS[name.replace(/\d+$/, "")] ?? "[\\s\\S]*?";
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Raw = Record<string, string>;
interface Pattern {
  re: RegExp;
  names: string[];
  build: (v: Raw, c: SentenceContext) => TextLine;
}

/** `{name}` is a value; `{note?}` the optional ': note' after an action, `{ note?}` ' note'. */
function p(en: string, build: Pattern["build"]): Pattern {
  const names: string[] = [];
  let re = "";
  let last = 0;
  for (const m of en.matchAll(/\{( ?)(\w+)(\??)\}/g)) {
    re += literal(en.slice(last, m.index));
    last = m.index + m[0].length;
    const [, space, name = "", optional] = m;
    names.push(name);
    re += optional ? `(?:${literal(space ? " " : ": ")}([\\s\\S]+))?` : `(${slotOf(name)})`;
  }
  re += literal(en.slice(last));
  return { re: new RegExp(`^${re}$`), names, build };
}

const n = (v: Raw) => (v.note === undefined ? {} : { note: v.note });
const req = (v: Raw, name: string) => {
  const value = v[name];
  if (value === undefined) throw new Error(`no ${name}`);
  return value;
};

/** Every sentence as the server wrote it before issue 31, a particular one before a general one. */
const PATTERNS: Pattern[] = [
  p("Grievance filed by {name}.", (v) => ({
    kind: "filedBy",
    params: { by: person(req(v, "name")) },
  })),
  p("Grievance filed.", () => ({ kind: "filed", params: {} })),
  p("Imported from the local's records by {name}.", (v) => ({
    kind: "importedBy",
    params: { by: person(req(v, "name")) },
  })),
  p("Comment: {text}", (v) => ({ kind: "comment", params: { text: req(v, "text") } })),
  p("Internal note: {text}", (v) => ({ kind: "note", params: { text: req(v, "text") } })),
  p("Attached a file", () => ({ kind: "attached", params: { file: null } })),
  p("Attached {name}", (v) => ({ kind: "attached", params: { file: req(v, "name") } })),
  p("Marked as pending{note?}", (v) => ({ kind: "markedPending", params: n(v) })),
  p("Escalated{note?}", (v) => ({ kind: "escalated", params: n(v) })),
  p("Resolved: Outcome not recorded{note?}", (v) => ({ kind: "resolvedNoOutcome", params: n(v) })),
  p("Resolved{note?}", (v) => ({ kind: "resolved", params: n(v) })),
  p("Filed after the filing limit ({day}: {days} after the limit).", (v) => ({
    kind: "filedLate",
    params: { day: day(req(v, "day")), days: countOf(req(v, "days")) },
  })),
  p("Group grievance formed by {name} from {list}.{ note?}", (v) => ({
    kind: "groupFormed",
    params: { by: person(req(v, "name")), ids: ids(req(v, "list")), ...n(v) },
  })),
  p("Merged into group grievance {id} at {step}. Its history stays here.", (v) => ({
    kind: "mergedInto",
    params: { id: req(v, "id"), step: step(req(v, "step")) },
  })),
  p("Merged into group grievance {id} with {list}.", (v) => ({
    kind: "mergedSummary",
    params: { id: req(v, "id"), ids: ids(req(v, "list")) },
  })),
  p(
    "Employer's answer at {step} corrected: received {day} (was {day2}), {decision}{note?}",
    (v) => ({
      kind: "answerCorrected",
      params: {
        step: step(req(v, "step")),
        day: day(req(v, "day")),
        was: day(req(v, "day2")),
        decision: decision(req(v, "decision")),
        ...n(v),
      },
    }),
  ),
  p("Employer answered {step} on {day}: {decision}{note?}", (v) => ({
    kind: "answered",
    params: {
      step: step(req(v, "step")),
      day: day(req(v, "day")),
      decision: decision(req(v, "decision")),
      ...n(v),
    },
  })),
  p("Escalated to {step}{note?}", (v) => ({
    kind: "escalatedTo",
    params: { step: step(req(v, "step")), ...n(v) },
  })),
  p("Deadline extended: {subject} from {day} to {day2}, agreed with {name}{note?}", (v) => ({
    kind: "extended",
    params: {
      subject: subject(req(v, "subject")),
      from: day(req(v, "day")),
      to: day(req(v, "day2")),
      agreedWith: req(v, "name"),
      ...n(v),
    },
  })),
  p("Put on hold: {reason}", (v) => ({ kind: "hold", params: { reason: req(v, "reason") } })),
  p("Resumed after {days} on hold; {subject} moved to {day}{note?}", (v) => ({
    kind: "resumedMoved",
    params: {
      days: countOf(req(v, "days")),
      subject: subject(req(v, "subject")),
      day: day(req(v, "day")),
      ...n(v),
    },
  })),
  p("Resumed after {days} on hold{note?}", (v) => ({
    kind: "resumed",
    params: { days: countOf(req(v, "days")), ...n(v) },
  })),
  p("Assigned to {name}", (v) => ({ kind: "assigned", params: { to: person(req(v, "name")) } })),
  p(
    "Closed at {step}: {outcome}. {summary} Remedy: {money} ({description}) due {day}.",
    (v, c) => ({
      kind: "closedRemedy",
      params: {
        step: step(req(v, "step")),
        outcome: outcome(req(v, "outcome")),
        summary: req(v, "summary"),
        money: money(req(v, "money"), c),
        description: lineDescription(req(v, "description")),
        day: day(req(v, "day")),
      },
    }),
  ),
  p("Closed at {step}: {outcome}. {summary}", (v) => ({
    kind: "closed",
    params: {
      step: step(req(v, "step")),
      outcome: outcome(req(v, "outcome")),
      summary: req(v, "summary"),
    },
  })),
  p("Remedy received: {money} ({description}), confirmed by {name}", (v, c) => ({
    kind: "remedyReceived",
    params: {
      money: money(req(v, "money"), c),
      description: lineDescription(req(v, "description")),
      by: person(req(v, "name")),
    },
  })),
  p("Reopened at {step}: {reason}", (v) => ({
    kind: "reopened",
    params: { step: step(req(v, "step")), reason: req(v, "reason") },
  })),
  p("No answer by {day}: deemed denied under the agreement", (v) => ({
    kind: "deemedDenied",
    params: { day: day(req(v, "day")) },
  })),
  p("Added {name} as a grievant", (v) => ({
    kind: "grievantAdded",
    params: { person: person(req(v, "name")) },
  })),
  p("Removed {name} as a grievant", (v) => ({
    kind: "grievantRemoved",
    params: { person: person(req(v, "name")) },
  })),
  p("Linked to related grievances {ids}", (v) => ({
    kind: "linked",
    params: { ids: ids(req(v, "ids")) },
  })),
  p("Linked to related grievance {ids}", (v) => ({
    kind: "linked",
    params: { ids: ids(req(v, "ids")) },
  })),
  p("Unlinked from grievances {ids}", (v) => ({
    kind: "unlinked",
    params: { ids: ids(req(v, "ids")) },
  })),
  p("Unlinked from grievance {ids}", (v) => ({
    kind: "unlinked",
    params: { ids: ids(req(v, "ids")) },
  })),
  p("Served on {name} ({email})", (v) => ({
    kind: "served",
    params: { name: req(v, "name"), email: req(v, "email") },
  })),
  p("Opened by {name}", (v) => ({ kind: "opened", params: { name: req(v, "name") } })),
  p("Remedy overdue: the employer's payment was due {day}.", (v) => ({
    kind: "remedyOverdue",
    params: { day: day(req(v, "day")) },
  })),
  p("Deadline missed: {subject} was due {day}.", (v) => ({
    kind: "missed",
    params: { subject: subject(req(v, "subject")), day: day(req(v, "day")) },
  })),

  // Explanation lines.
  p("{heading}: {limit} from {day} ({from})", (v) => ({
    kind: "line.computed",
    params: {
      heading: heading(req(v, "heading")),
      limit: limit(req(v, "limit")),
      day: day(req(v, "day")),
      from: from(req(v, "from")),
    },
  })),
  p("day {n} is {day}, not a business day: moved to the next one", (v) => ({
    kind: "line.rolled",
    params: { n: Number(req(v, "n")), day: day(req(v, "day")) },
  })),
  p("skipped {short} (weekend)", (v, c) => ({
    kind: "line.skippedWeekendDay",
    params: { day: short(req(v, "short"), c) },
  })),
  p("skipped {short} ({reason})", (v, c) => {
    const d = short(req(v, "short"), c);
    const name = req(v, "reason");
    const closed = c.closures.some((x) => x.date === d && x.name === name);
    return {
      kind: "line.skipped",
      params: {
        day: d,
        reason: closed
          ? { type: "closure", name }
          : { type: "holiday", region: c.holidayRegion, name },
      },
    };
  }),
  p("skipped weekend {range}", (v, c) => ({
    kind: "line.skippedWeekend",
    params: range(req(v, "range"), c),
  })),
  p("due {day}", (v) => ({ kind: "line.due", params: { day: day(req(v, "day")) } })),
  p("on hold from {day} to {day2}: {limit} held", (v) => ({
    kind: "line.held",
    params: { from: day(req(v, "day")), to: day(req(v, "day2")), limit: limit(req(v, "limit")) },
  })),
  p("information request pending from {day} to {day2}: {limit} tolled", (v) => ({
    kind: "line.tolled",
    params: { from: day(req(v, "day")), to: day(req(v, "day2")), limit: limit(req(v, "limit")) },
  })),
  p("due date unchanged: {day}", (v) => ({
    kind: "line.unchanged",
    params: { day: day(req(v, "day")) },
  })),
  p("moved by {limit} from {day}", (v) => ({
    kind: "line.movedBy",
    params: { limit: limit(req(v, "limit")), day: day(req(v, "day")) },
  })),
  p("{day} is not a business day: moved to the next one", (v) => ({
    kind: "line.notBusiness",
    params: { day: day(req(v, "day")) },
  })),
  p("filed {day}: {days} after the limit", (v) => ({
    kind: "line.filedLate",
    params: { day: day(req(v, "day")), days: countOf(req(v, "days")) },
  })),
  p("filed {day}: within the limit", (v) => ({
    kind: "line.filedInTime",
    params: { day: day(req(v, "day")) },
  })),
  p("corrected {day}: answer received {day2}", (v) => ({
    kind: "line.answerCorrected",
    params: { day: day(req(v, "day")), received: day(req(v, "day2")) },
  })),
  p("answer received {day}", (v) => ({
    kind: "line.answerReceived",
    params: { day: day(req(v, "day")) },
  })),
  p("imported {day} from the local's records", (v) => ({
    kind: "line.imported",
    params: { day: day(req(v, "day")) },
  })),
  p("marked met in the imported file", () => ({ kind: "line.importedMet", params: {} })),
  p("already past at import: marked missed", () => ({ kind: "line.importedMissed", params: {} })),
  p("appealed {day}", (v) => ({ kind: "line.appealed", params: { day: day(req(v, "day")) } })),
  p("closed {day}: appealed to {step} without the employer's answer", (v) => ({
    kind: "line.closedAppealed",
    params: { day: day(req(v, "day")), step: step(req(v, "step")) },
  })),
  p("closed {day}: the grievance was resolved", (v) => ({
    kind: "line.closedResolved",
    params: { day: day(req(v, "day")) },
  })),
  p("closed {day}: the grievance was closed ({outcomeLower})", (v) => ({
    kind: "line.closedClosed",
    params: { day: day(req(v, "day")), outcome: outcome(req(v, "outcomeLower")) },
  })),
  p("closed {day}: the grievance was reopened", (v) => ({
    kind: "line.closedReopened",
    params: { day: day(req(v, "day")) },
  })),
  p("closed {day}: the grievance was merged into group grievance {id}", (v) => ({
    kind: "line.closedMerged",
    params: { day: day(req(v, "day")), id: req(v, "id") },
  })),
  p("received {day} (confirmed by {name})", (v) => ({
    kind: "line.received",
    params: { day: day(req(v, "day")), by: person(req(v, "name")) },
  })),
  p("no answer by {day}: deemed denied under the agreement", (v) => ({
    kind: "line.deemedDenied",
    params: { day: day(req(v, "day")) },
  })),
  p("extended from {day} to {day2} (agreed with {name})", (v) => ({
    kind: "line.extended",
    params: { from: day(req(v, "day")), to: day(req(v, "day2")), agreedWith: req(v, "name") },
  })),
  p("Remedy: {money} ({description}), agreed on closing {day} ({outcome})", (v, c) => ({
    kind: "line.remedy",
    params: {
      money: money(req(v, "money"), c),
      description: lineDescription(req(v, "description")),
      day: day(req(v, "day")),
      outcome: outcome(req(v, "outcome")),
    },
  })),
];

/**
 * The line a stored English sentence was written from, or null when no template reads it (the
 * caller keeps it as `text`). Candidates are tried in order; the caller checks the rendering.
 */
export function* sentenceLines(text: string, c: SentenceContext): Generator<TextLine> {
  for (const pattern of PATTERNS) {
    const m = pattern.re.exec(text);
    if (!m) continue;
    const values: Raw = {};
    pattern.names.forEach((name, i) => {
      const raw = m[i + 1];
      if (raw !== undefined) values[name] = raw;
    });
    try {
      yield pattern.build(values, c);
    } catch {
      // A value that is no day, amount or label: the next template may still read it.
    }
  }
}

/** The 4-digit years written in some text, for days written without theirs. */
export const yearsIn = (texts: readonly string[]) => [
  ...new Set(texts.flatMap((t) => [...t.matchAll(/\b(19|20|21)\d\d\b/g)].map((m) => Number(m[0])))),
];
