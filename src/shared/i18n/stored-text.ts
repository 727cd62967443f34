/**
 * The server's stored sentences in the reader's language (issue 22). The activity log
 * ('Grievance filed by Ana Ruiz.', 'Escalated to Step 2: note') and the deadlines' explanations
 * ('Union appeal to Step 2: 10 business days from Tue 8 Dec 2026 (answer received)', 'skipped
 * weekend 28 to 29 Nov') are written once, in English, by the server and the deadline engine,
 * and kept as written: the case file, the employer and the tests read that English. This turns
 * one such sentence into the reader's language at display time:
 *  - an ordered list of patterns, one per sentence the server writes, each mapped to a key of
 *    the `grievances` catalogue (under `stored.`) with the values it captured;
 *  - the English days ('Tue 8 Dec 2026', 'Tue 8 Dec', '28 to 29 Nov') are read back and written
 *    again through Intl in the reader's locale;
 *  - what people typed or named (names, notes, reasons, summaries, step and holiday names,
 *    amounts) is passed through as it is, never translated;
 *  - a sentence no pattern knows (an older wording, text someone typed) stays as stored.
 * The English catalogue entries are the server's English, so English reads exactly as stored
 * (and English readers get the stored text itself). Pure: the caller passes the `t` of the
 * `grievances` namespace (in React `useTranslation("grievances").t`; on the server
 * `(key, o) => translator(language)(\`grievances:${key}\`, o)`).
 */

import { dayMonth, formatDay, isIsoDate } from "../deadline-engine/days.ts";
import { OUTCOME_LABELS, type TOutcome } from "../outcomes.ts";
import { formatWeekdayDay } from "./format.ts";
import { DEFAULT_LANGUAGE, type Language, LOCALE_TAG } from "./languages.ts";

/** A `t` of the `grievances` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WD = `(?:${WEEKDAYS.join("|")})`;
const MON = `(?:${MONTHS.join("|")})`;

/** 'Tue 8 Dec 2026' (the engine's formatDay, and Postgres' 'Dy FMDD Mon YYYY'). */
const DAY = `${WD} \\d{1,2} ${MON} \\d{4}`;
/** 'Tue 8 Dec' (the engine's shortDay). */
const SHORT = `${WD} \\d{1,2} ${MON}`;
/** A weekend skipped: '28 to 29 Nov', '30 Nov to 1 Dec', '31 Dec 2026 to 1 Jan 2027'. */
const RANGE = `\\d{1,2}(?: ${MON}(?: \\d{4})?)? to \\d{1,2} ${MON}(?: \\d{4})?`;

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const monthOf = (name: string) => MONTHS.indexOf(name) + 1;

/** 'Tue 8 Dec 2026' as '2026-12-08', or null when it is no real day. */
function parseDay(text: string): string | null {
  const [, day, month, year] = text.split(" ");
  const d = iso(Number(year), monthOf(month ?? ""), Number(day));
  return isIsoDate(d) ? d : null;
}

/**
 * 'Tue 8 Dec' (no year) as a day of some year on which 8 Dec is a Tuesday: the reader's
 * format of weekday, day and month is the same in all of them. Between 2000 and 2030 every
 * date (29 Feb too) falls on every weekday.
 */
function parseShortDay(text: string): string | null {
  const [weekday, day, month] = text.split(" ");
  const w = WEEKDAYS.indexOf(weekday ?? "");
  for (let year = 2000; year <= 2030; year++) {
    const d = iso(year, monthOf(month ?? ""), Number(day));
    if (isIsoDate(d) && new Date(`${d}T12:00:00Z`).getUTCDay() === w) return d;
  }
  return null;
}

/** A day and month ('8 Dec', or '8 Dec 2026') of a weekend range; `year` when none is given. */
function parseDayMonth(text: string, year: number): string | null {
  const [day, month, y] = text.split(" ");
  const d = iso(y ? Number(y) : year, monthOf(month ?? ""), Number(day));
  return isIsoDate(d) ? d : null;
}

const dateOf = (d: string) => new Date(`${d}T12:00:00Z`);

/** The days of one language: English as the engine writes them, others through Intl. */
function dayWords(language: Language) {
  const english = language === DEFAULT_LANGUAGE;
  return {
    day(text: string): string {
      const d = parseDay(text);
      if (!d) return text;
      return formatWeekdayDay(language, d);
    },
    short(text: string): string {
      const d = parseShortDay(text);
      if (!d) return text;
      return formatWeekdayDay(language, d, { year: false });
    },
    range(text: string): string {
      const [fromText = "", toText = ""] = text.split(" to ");
      // A leap year, so that 29 Feb is a day; a range without years is within one year.
      const to = parseDayMonth(toText, 2024);
      if (!to) return text;
      const sameMonth = !fromText.includes(" ");
      const from = parseDayMonth(
        sameMonth ? `${fromText} ${toText.split(" ")[1]}` : fromText,
        Number(to.slice(0, 4)),
      );
      if (!from) return text;
      const withYear = /\d{4}$/.test(toText);
      if (english) {
        const start = sameMonth ? String(Number(from.slice(8))) : dayMonth(from);
        return withYear
          ? `${formatDay(from).slice(4)} to ${formatDay(to).slice(4)}`
          : `${start} to ${dayMonth(to)}`;
      }
      return (
        new Intl.DateTimeFormat(LOCALE_TAG[language], {
          day: "numeric",
          month: "short",
          ...(withYear ? { year: "numeric" } : {}),
          timeZone: "UTC",
        })
          .formatRange(dateOf(from), dateOf(to))
          // ICU puts thin spaces around the dash: plain ones, like every other day we write.
          .replace(/[\u2009\u202f]/g, " ")
      );
    },
  };
}

type Words = ReturnType<typeof dayWords>;
type Values = Record<string, string>;
interface Context {
  t: Translate;
  language: Language;
  days: Words;
}

/** What a capture is: the regular expression it matches and how it reads in the language. */
interface Slot {
  re: string;
  read?: (value: string, c: Context) => string;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternatives = (words: readonly string[]) => `(?:${words.map(literal).join("|")})`;

const OUTCOME_KEYS = Object.entries(OUTCOME_LABELS) as [TOutcome, string][];
const outcomeKey = (label: string) =>
  OUTCOME_KEYS.find(([, l]) => l === label || l.toLowerCase() === label)?.[0];

/** The remedy descriptions the close dialog offers, stored in English (web lib/words.ts). */
const REMEDY_KINDS: Record<string, string> = {
  "Back pay": "backPay",
  "Reinstatement pay": "reinstatementPay",
  Other: "other",
};

const countOf = (text: string) => Number(/\d+/.exec(text)?.[0] ?? 0);

/**
 * The captures by name. A name without a slot is data: anything, passed through as stored.
 * A name ending in a digit shares the slot of the name without it (`day2` is a `day`).
 */
const SLOTS: Record<string, Slot> = {
  day: { re: DAY, read: (v, c) => c.days.day(v) },
  short: { re: SHORT, read: (v, c) => c.days.short(v) },
  range: { re: RANGE, read: (v, c) => c.days.range(v) },
  n: { re: "\\d+" },
  /** '1 day', '3 days'. */
  days: { re: "\\d+ days?", read: (v, c) => c.t("deadline.days", { count: countOf(v) }) },
  /** '10 business days', '1 calendar day'. */
  limit: {
    re: "\\d+ (?:business|calendar) days?",
    read: (v, c) =>
      c.t(`deadline.limit.${v.includes("business") ? "business" : "calendar"}`, {
        count: countOf(v),
      }),
  },
  /** In words ('partly granted'); 'partial' as entries before issue 30 stored it. */
  decision: {
    re: "(?:denied|granted|partly granted|partial)",
    read: (v, c) => c.t(`stored.decision.${v === "partly granted" ? "partial" : v}`),
  },
  outcome: {
    re: alternatives(Object.values(OUTCOME_LABELS)),
    read: (v, c) => {
      const key = outcomeKey(v);
      return key ? c.t(`outcome.${key}`) : v;
    },
  },
  /** The label in lower case, as a deadline's closing line has it. */
  outcomeLower: {
    re: alternatives(Object.values(OUTCOME_LABELS).map((l) => l.toLowerCase())),
    read: (v, c) => {
      const key = outcomeKey(v);
      return key ? c.t(`outcome.${key}`).toLocaleLowerCase(LOCALE_TAG[c.language]) : v;
    },
  },
  description: {
    re: "[\\s\\S]*?",
    read: (v, c) => {
      const key = REMEDY_KINDS[v];
      return key ? c.t(`remedyKind.${key}`) : v;
    },
  },
  subject: { re: "[\\s\\S]*?", read: (v, c) => translatePart(SUBJECTS, v, c) },
  heading: { re: "[\\s\\S]*?", read: (v, c) => translatePart(HEADINGS, v, c) },
  from: { re: "[\\s\\S]*?", read: (v, c) => translatePart(FROM_LABELS, v, c) },
};
const DATA: Slot = { re: "[\\s\\S]*?" };
const slotOf = (name: string) => SLOTS[name] ?? SLOTS[name.replace(/\d+$/, "")] ?? DATA;

interface Pattern {
  /** The English as the server writes it, with `{name}` for each value. */
  en: string;
  key: string;
  re: RegExp;
  names: string[];
  /** What comes before an optional note: ': ' (withNote) or ' '. */
  noteSeparator: string;
}

/**
 * `en` is the template: literal text, and `{name}` for a value. `{note?}` at the end is the
 * optional ': note' the server appends to an action's sentence (withNote), `{ note?}` the
 * optional ' note' after a group grievance's sentence.
 */
function pattern(key: string, en: string): Pattern {
  const names: string[] = [];
  let noteSeparator = ": ";
  let re = "";
  let last = 0;
  for (const m of en.matchAll(/\{( ?)(\w+)(\??)\}/g)) {
    re += literal(en.slice(last, m.index));
    last = m.index + m[0].length;
    const [, space, name = "", optional] = m;
    names.push(name);
    if (optional) {
      noteSeparator = space ? " " : ": ";
      re += `(?:${literal(noteSeparator)}([\\s\\S]+))?`;
    } else re += `(${slotOf(name).re})`;
  }
  re += literal(en.slice(last));
  return { en, key, re: new RegExp(`^${re}$`), names, noteSeparator };
}

/** The first pattern of `list` the text matches, with its key and values read, or null. */
function match(list: Pattern[], text: string, c: Context): { p: Pattern; values: Values } | null {
  for (const p of list) {
    const m = p.re.exec(text);
    if (!m) continue;
    const values: Values = {};
    p.names.forEach((name, i) => {
      const raw = m[i + 1];
      if (raw === undefined) return;
      values[name] = slotOf(name).read?.(raw, c) ?? raw;
    });
    return { p, values };
  }
  return null;
}

/** One sentence through the catalogue; a `note` captured is appended as ': note'. */
function render(list: Pattern[], text: string, c: Context): string | null {
  const found = match(list, text, c);
  if (!found) return null;
  const { note, ...values } = found.values;
  const sentence = c.t(found.p.key, { ...values, interpolation: { escapeValue: false } });
  return note === undefined ? sentence : `${sentence}${found.p.noteSeparator}${note}`;
}

function translatePart(list: Pattern[], text: string, c: Context): string {
  return render(list, text, c) ?? text;
}

/** What a deadline is for, inside a sentence ('the employer's answer at Step 1'). */
const SUBJECTS = [
  pattern("stored.subject.response", "the employer's answer at {step}"),
  pattern("stored.subject.appeal", "the union's appeal from {step}"),
  pattern("stored.subject.filing", "the filing limit"),
  pattern("stored.subject.payment", "the employer's payment"),
];

/** The heading of a deadline's first line. */
const HEADINGS = [
  pattern("stored.heading.filing", "Filing limit"),
  pattern("stored.heading.deadline", "Deadline"),
  pattern("stored.heading.response", "Employer answer to {step}"),
  pattern("stored.heading.appeal", "Union appeal to {step}"),
  pattern("stored.heading.information", "Information request"),
];

/** What the deadline's count starts from, in its first line. */
const FROM_LABELS = [
  pattern("stored.from.incident", "incident"),
  pattern("stored.from.filed", "filed"),
  pattern("stored.from.answerReceived", "answer received"),
  pattern("stored.from.appealed", "appealed"),
  pattern("stored.from.served", "served"),
  pattern("stored.from.requested", "requested"),
  pattern("stored.from.deemedDenied", "no answer by that day: deemed denied under the agreement"),
];

/**
 * Every sentence the server writes into the activity log (as `describeEvent` answers it) and
 * into a deadline's explanation, in order: a more particular pattern before a general one.
 * Each is the template of its source (the test beside this lists where).
 */
export const STORED_PATTERNS: Pattern[] = [
  // The activity log: src/shared/schemas/grievances.ts describeEvent.
  pattern("stored.filedBy", "Grievance filed by {name}."),
  pattern("stored.filed", "Grievance filed."),
  // grievances/history-import.ts (issue 29)
  pattern("stored.importedBy", "Imported from the local's records by {name}."),
  pattern("stored.comment", "Comment: {text}"),
  pattern("stored.note", "Internal note: {text}"),
  pattern("stored.attachedFile", "Attached a file"),
  pattern("stored.attached", "Attached {name}"),
  pattern("stored.markedPending", "Marked as pending{note?}"),
  pattern("stored.escalated", "Escalated{note?}"),
  pattern("stored.resolvedNoOutcome", "Resolved: Outcome not recorded{note?}"),
  pattern("stored.resolved", "Resolved{note?}"),
  // grievances/service.ts, convert.ts
  pattern("stored.filedLate", "Filed after the filing limit ({day}: {days} after the limit)."),
  pattern("stored.groupFormed", "Group grievance formed by {name} from {list}.{ note?}"),
  pattern(
    "stored.mergedInto",
    "Merged into group grievance {id} at {step}. Its history stays here.",
  ),
  // The outcome summary of a grievance merged into a group grievance (convert.ts).
  pattern("stored.mergedSummary", "Merged into group grievance {id} with {list}."),
  // grievances/step-actions.ts
  pattern(
    "stored.answerCorrected",
    "Employer's answer at {step} corrected: received {day} (was {day2}), {decision}{note?}",
  ),
  pattern("stored.answered", "Employer answered {step} on {day}: {decision}{note?}"),
  pattern("stored.escalatedTo", "Escalated to {step}{note?}"),
  pattern(
    "stored.extended",
    "Deadline extended: {subject} from {day} to {day2}, agreed with {name}{note?}",
  ),
  pattern("stored.hold", "Put on hold: {reason}"),
  pattern("stored.resumedMoved", "Resumed after {days} on hold; {subject} moved to {day}{note?}"),
  pattern("stored.resumed", "Resumed after {days} on hold{note?}"),
  pattern("stored.assigned", "Assigned to {name}"),
  // grievances/outcome-actions.ts
  pattern(
    "stored.closedRemedy",
    "Closed at {step}: {outcome}. {summary} Remedy: {money} ({description}) due {day}.",
  ),
  pattern("stored.closed", "Closed at {step}: {outcome}. {summary}"),
  pattern("stored.remedyReceived", "Remedy received: {money} ({description}), confirmed by {name}"),
  pattern("stored.reopened", "Reopened at {step}: {reason}"),
  // grievances/deemed-denial.ts (also the answer's text)
  pattern("stored.deemedDenied", "No answer by {day}: deemed denied under the agreement"),
  // grievances/grievants.ts, related.ts
  pattern("stored.grievantAdded", "Added {name} as a grievant"),
  pattern("stored.grievantRemoved", "Removed {name} as a grievant"),
  pattern("stored.linkedMany", "Linked to related grievances {ids}"),
  pattern("stored.linked", "Linked to related grievance {ids}"),
  pattern("stored.unlinkedMany", "Unlinked from grievances {ids}"),
  pattern("stored.unlinked", "Unlinked from grievance {ids}"),
  // employer/serve.ts, respond.ts
  pattern("stored.served", "Served on {name} ({email})"),
  pattern("stored.opened", "Opened by {name}"),
  // The missed-deadline job (claim_missed_deadlines, src/server/db/functions.sql).
  pattern("stored.remedyOverdue", "Remedy overdue: {subject} was due {day}."),
  pattern("stored.missed", "Deadline missed: {subject} was due {day}."),

  // Explanations: src/shared/deadline-engine/deadline.ts
  pattern("stored.line.computed", "{heading}: {limit} from {day} ({from})"),
  pattern("stored.line.rolled", "day {n} is {day}, not a business day: moved to the next one"),
  pattern("stored.line.skippedWeekendDay", "skipped {short} (weekend)"),
  pattern("stored.line.skipped", "skipped {short} ({reason})"),
  pattern("stored.line.skippedWeekend", "skipped weekend {range}"),
  pattern("stored.line.due", "due {day}"),
  pattern("stored.line.held", "on hold from {day} to {day2}: {limit} held"),
  pattern("stored.line.tolled", "information request pending from {day} to {day2}: {limit} tolled"),
  pattern("stored.line.unchanged", "due date unchanged: {day}"),
  pattern("stored.line.movedBy", "moved by {limit} from {day}"),
  pattern("stored.line.notBusiness", "{day} is not a business day: moved to the next one"),
  // grievances/deadlines.ts filingVerdict, and the lines that settle a deadline.
  pattern("stored.line.filedLate", "filed {day}: {days} after the limit"),
  pattern("stored.line.filedInTime", "filed {day}: within the limit"),
  pattern("stored.line.answerCorrected", "corrected {day}: answer received {day2}"),
  pattern("stored.line.answerReceived", "answer received {day}"),
  // grievances/history-import.ts (issue 29)
  pattern("stored.line.imported", "imported {day} from the local's records"),
  pattern("stored.line.importedMet", "marked met in the imported file"),
  pattern("stored.line.importedMissed", "already past at import: marked missed"),
  pattern("stored.line.appealed", "appealed {day}"),
  pattern(
    "stored.line.closedAppealed",
    "closed {day}: appealed to {step} without the employer's answer",
  ),
  pattern("stored.line.closedResolved", "closed {day}: the grievance was resolved"),
  pattern("stored.line.closedClosed", "closed {day}: the grievance was closed ({outcomeLower})"),
  pattern("stored.line.closedReopened", "closed {day}: the grievance was reopened"),
  pattern(
    "stored.line.closedMerged",
    "closed {day}: the grievance was merged into group grievance {id}",
  ),
  pattern("stored.line.received", "received {day} (confirmed by {name})"),
  pattern("stored.line.deemedDenied", "no answer by {day}: deemed denied under the agreement"),
  pattern("stored.line.extended", "extended from {day} to {day2} (agreed with {name})"),
  pattern(
    "stored.line.remedy",
    "Remedy: {money} ({description}), agreed on closing {day} ({outcome})",
  ),
];

/**
 * A stored sentence in `language`, always through the catalogue (English gives back the
 * stored English); a sentence no pattern knows comes back as it is.
 */
export function renderStored(text: string, language: Language, t: Translate): string {
  const c: Context = { t, language, days: dayWords(language) };
  return render(STORED_PATTERNS, text, c) ?? text;
}

/** A stored sentence for a reader: English as stored, another language translated. */
export function translateStored(text: string, language: Language, t: Translate): string {
  return language === DEFAULT_LANGUAGE ? text : renderStored(text, language, t);
}
