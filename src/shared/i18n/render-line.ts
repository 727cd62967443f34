/**
 * A stored line (text-lines.ts) in the reader's language (issue 31, product-decisions.md 37):
 * one function per kind, reading the `grievances` catalogue (keys under `stored.`), shared by
 * the server (case file, mails, calendar, CSV, employer page) and the browser (activity,
 * timeline, preview). English renders exactly the sentences the server used to store.
 *
 * Pure and without zod (the dashboard loads this and no schema): the caller passes the `t` of
 * the `grievances` namespace (in React `useTranslation("grievances").t`; on the server
 * `(key, o) => translator(language)(\`grievances:${key}\`, o)`, see lib/i18n).
 */

import { dayMonth, formatDay } from "../deadline-engine/days.ts";
import { stepLabel } from "./default-labels.ts";
import { dateFormat, formatWeekdayDay } from "./format.ts";
import { DEFAULT_LANGUAGE, type Language, LOCALE_TAG } from "./languages.ts";
import type {
  LineKind,
  LineParams,
  TextLine,
  TLineDescription,
  TLineFrom,
  TLineHeading,
  TLineLimit,
  TLineMoney,
  TLinePerson,
  TLineReason,
  TLineStep,
  TLineSubject,
} from "./text-lines.ts";

/** A `t` of the `grievances` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface LineContext {
  language: Language;
  t: Translate;
  /**
   * A public holiday's name in `language` from the holiday library (the server has it; the
   * browser gets lines whose holiday names the server already wrote in the reader's language).
   * Without it, or when it knows no holiday that day, the name stored with the line is used.
   */
  holidayName?: (day: string, region: string, language: Language) => string | null;
  /** A person's current name by id, where the reader has it; else the name stored. */
  personName?: (id: string) => string | undefined;
}

const dateOf = (d: string) => new Date(`${d}T12:00:00Z`);

/** The words every renderer shares: the parameters' types in the reader's language. */
function words(c: LineContext) {
  const { t, language } = c;
  const english = language === DEFAULT_LANGUAGE;
  // A default step name in the reader's words, a name the local gave as given (decision 039).
  const step = (s: TLineStep) => stepLabel(s.name, t);
  return {
    day: (d: string) => formatWeekdayDay(language, d),
    short: (d: string) => formatWeekdayDay(language, d, { year: false }),
    /** A weekend: '28 to 29 Nov', '30 Nov to 1 Dec', '31 Dec 2026 to 1 Jan 2027'. */
    range(from: string, to: string): string {
      const sameYear = from.slice(0, 4) === to.slice(0, 4);
      if (english) {
        const sameMonth = from.slice(0, 7) === to.slice(0, 7);
        const start = sameMonth ? String(Number(from.slice(8, 10))) : dayMonth(from);
        return sameYear
          ? `${start} to ${dayMonth(to)}`
          : `${formatDay(from).slice(4)} to ${formatDay(to).slice(4)}`;
      }
      return (
        dateFormat(language, {
          day: "numeric",
          month: "short",
          ...(sameYear ? {} : { year: "numeric" }),
          timeZone: "UTC",
        })
          .formatRange(dateOf(from), dateOf(to))
          // ICU puts thin spaces around the dash: plain ones, like every other day we write.
          .replace(/[\u2009\u202f]/g, " ")
      );
    },
    limit: (l: TLineLimit) => t(`deadline.limit.${l.dayType}`, { count: l.days }),
    days: (n: number) => t("deadline.days", { count: n }),
    step,
    person: (p: TLinePerson) => (p.id ? c.personName?.(p.id) : undefined) ?? p.name,
    decision: (d: "denied" | "granted" | "partial") => t(`stored.decision.${d}`),
    outcome: (o: string) => t(`outcome.${o}`),
    outcomeLower: (o: string) => t(`outcome.${o}`).toLocaleLowerCase(LOCALE_TAG[language]),
    money(m: TLineMoney): string {
      try {
        return new Intl.NumberFormat(LOCALE_TAG[language], {
          style: "currency",
          currency: m.currency,
        }).format(m.cents / 100);
      } catch {
        return `${m.currency} ${(m.cents / 100).toFixed(2)}`;
      }
    },
    description: (d: TLineDescription) => ("kind" in d ? t(`remedyKind.${d.kind}`) : d.text),
    subject: (s: TLineSubject) =>
      t(`stored.subject.${s.kind}`, { step: s.step ? step(s.step) : "" }),
    heading: (h: TLineHeading) =>
      t(`stored.heading.${h.kind}`, { step: h.step ? step(h.step) : "" }),
    from: (f: TLineFrom) => t(`stored.from.${f}`),
    reason(r: TLineReason, day: string): string {
      // A closure or a contract holiday is named by the local: data, as typed.
      if (r.type === "closure" || r.contract || !r.region) return r.name;
      return c.holidayName?.(day, r.region, language) ?? r.names?.[language] ?? r.name;
    },
    ids: (list: string[]) => list.join(", "),
  };
}

type Words = ReturnType<typeof words>;
type Values = Record<string, string | number>;
/** A renderer: the catalogue key's values (and the key itself when it is not `stored.<kind>`). */
type Renderer<K extends LineKind> = (p: LineParams<K>, w: Words) => Values | [string, Values];

/**
 * One renderer per kind. The mapped type makes a kind added to text-lines.ts without a
 * renderer here a compile error.
 */
const RENDERERS: { [K in LineKind]: Renderer<K> } = {
  text: (p) => ({ text: p.text }),
  filed: () => ({}),
  filedBy: (p, w) => ({ name: w.person(p.by) }),
  importedBy: (p, w) => ({ name: w.person(p.by) }),
  comment: (p) => ({ text: p.text }),
  note: (p) => ({ text: p.text }),
  attached: (p) => (p.file === null ? ["stored.attachedFile", {}] : { name: p.file }),
  markedPending: () => ({}),
  escalated: () => ({}),
  resolved: () => ({}),
  resolvedNoOutcome: () => ({}),
  filedLate: (p, w) => ({ day: w.day(p.day), days: w.days(p.days) }),
  groupFormed: (p, w) => ({ name: w.person(p.by), list: w.ids(p.ids) }),
  mergedInto: (p, w) => ({ id: p.id, step: w.step(p.step) }),
  mergedSummary: (p, w) => ({ id: p.id, list: w.ids(p.ids) }),
  joinedGroup: (p) => ({ id: p.id, from: p.from }),
  addedToGroup: () => ({}),
  answerCorrected: (p, w) => ({
    step: w.step(p.step),
    day: w.day(p.day),
    day2: w.day(p.was),
    decision: w.decision(p.decision),
  }),
  answered: (p, w) => ({
    step: w.step(p.step),
    day: w.day(p.day),
    decision: w.decision(p.decision),
  }),
  escalatedTo: (p, w) => ({ step: w.step(p.step) }),
  extended: (p, w) => ({
    subject: w.subject(p.subject),
    day: w.day(p.from),
    day2: w.day(p.to),
    name: p.agreedWith,
  }),
  hold: (p) => ({ reason: p.reason }),
  resumed: (p, w) => ({ days: w.days(p.days) }),
  resumedMoved: (p, w) => ({
    days: w.days(p.days),
    subject: w.subject(p.subject),
    day: w.day(p.day),
  }),
  assigned: (p, w) => ({ name: w.person(p.to) }),
  closed: (p, w) => ({ step: w.step(p.step), outcome: w.outcome(p.outcome), summary: p.summary }),
  closedRemedy: (p, w) => ({
    step: w.step(p.step),
    outcome: w.outcome(p.outcome),
    summary: p.summary,
    money: w.money(p.money),
    description: w.description(p.description),
    day: w.day(p.day),
  }),
  remedyReceived: (p, w) => ({
    money: w.money(p.money),
    description: w.description(p.description),
    name: w.person(p.by),
  }),
  reopened: (p, w) => ({ step: w.step(p.step), reason: p.reason }),
  deemedDenied: (p, w) => ({ day: w.day(p.day) }),
  grievantAdded: (p, w) => ({ name: w.person(p.person) }),
  grievantRemoved: (p, w) => ({ name: w.person(p.person) }),
  linked: (p, w) => [
    p.ids.length > 1 ? "stored.linkedMany" : "stored.linked",
    { ids: w.ids(p.ids) },
  ],
  unlinked: (p, w) => [
    p.ids.length > 1 ? "stored.unlinkedMany" : "stored.unlinked",
    { ids: w.ids(p.ids) },
  ],
  served: (p) => ({ name: p.name, email: p.email }),
  opened: (p) => ({ name: p.name }),
  remedyOverdue: (p, w) => ({ subject: w.subject({ kind: "payment" }), day: w.day(p.day) }),
  missed: (p, w) => ({ subject: w.subject(p.subject), day: w.day(p.day) }),

  "line.computed": (p, w) => ({
    heading: w.heading(p.heading),
    limit: w.limit(p.limit),
    day: w.day(p.day),
    from: w.from(p.from),
  }),
  "line.rolled": (p, w) => ({ n: p.n, day: w.day(p.day) }),
  "line.skippedWeekendDay": (p, w) => ({ short: w.short(p.day) }),
  "line.skipped": (p, w) => [
    p.reason.type === "closure" || p.reason.contract === undefined
      ? "stored.line.skipped"
      : p.reason.contract
        ? "stored.line.skippedContractHoliday"
        : "stored.line.skippedPublicHoliday",
    { short: w.short(p.day), reason: w.reason(p.reason, p.day) },
  ],
  "line.skippedWeekend": (p, w) => ({ range: w.range(p.from, p.to) }),
  "line.due": (p, w) => ({ day: w.day(p.day) }),
  "line.held": (p, w) => ({ day: w.day(p.from), day2: w.day(p.to), limit: w.limit(p.limit) }),
  "line.tolled": (p, w) => ({ day: w.day(p.from), day2: w.day(p.to), limit: w.limit(p.limit) }),
  "line.unchanged": (p, w) => ({ day: w.day(p.day) }),
  "line.movedBy": (p, w) => ({ limit: w.limit(p.limit), day: w.day(p.day) }),
  "line.notBusiness": (p, w) => ({ day: w.day(p.day) }),
  "line.filedLate": (p, w) => ({ day: w.day(p.day), days: w.days(p.days) }),
  "line.filedInTime": (p, w) => ({ day: w.day(p.day) }),
  "line.answerCorrected": (p, w) => ({ day: w.day(p.day), day2: w.day(p.received) }),
  "line.answerReceived": (p, w) => ({ day: w.day(p.day) }),
  "line.imported": (p, w) => ({ day: w.day(p.day) }),
  "line.importedMet": () => ({}),
  "line.importedMissed": () => ({}),
  "line.appealed": (p, w) => ({ day: w.day(p.day) }),
  "line.closedAppealed": (p, w) => ({ day: w.day(p.day), step: w.step(p.step) }),
  "line.closedResolved": (p, w) => ({ day: w.day(p.day) }),
  "line.closedClosed": (p, w) => ({ day: w.day(p.day), outcomeLower: w.outcomeLower(p.outcome) }),
  "line.closedReopened": (p, w) => ({ day: w.day(p.day) }),
  "line.closedMerged": (p, w) => ({ day: w.day(p.day), id: p.id }),
  "line.received": (p, w) => ({ day: w.day(p.day), name: w.person(p.by) }),
  "line.deemedDenied": (p, w) => ({ day: w.day(p.day) }),
  "line.extended": (p, w) => ({ day: w.day(p.from), day2: w.day(p.to), name: p.agreedWith }),
  "line.remedy": (p, w) => ({
    money: w.money(p.money),
    description: w.description(p.description),
    day: w.day(p.day),
    outcome: w.outcome(p.outcome),
  }),
};

/**
 * What an action's typed note is appended with: the catalogue's ': ' (French puts a space
 * before the colon), or a space after a group's forming.
 */
const NOTE_SEPARATOR: Partial<Record<LineKind, string>> = { groupFormed: " " };

/** The words of a context, made once: a list renders many lines with one context. */
const bound = new WeakMap<LineContext, Words>();

/** One line in the context's language. */
export function renderLine(l: TextLine, c: LineContext): string {
  // `text` is a row no kind matched: it reads as stored, in every language.
  if (l.kind === "text") return l.params.text;
  let w = bound.get(c);
  if (!w) {
    w = words(c);
    bound.set(c, w);
  }
  const render = RENDERERS[l.kind] as Renderer<LineKind>;
  const answer = render(l.params as LineParams<LineKind>, w);
  const [key, values] = Array.isArray(answer) ? answer : [`stored.${l.kind}`, answer];
  // Both translators escape nothing (React and lib/html.ts escape): no per-call option, which
  // would make i18next set its interpolation up again on every line.
  const sentence = c.t(key, values);
  const note = "note" in l.params ? l.params.note : undefined;
  return note
    ? `${sentence}${NOTE_SEPARATOR[l.kind] ?? c.t("stored.noteSeparator")}${note}`
    : sentence;
}

/** A renderer bound to one context, for lists. */
export const lineRenderer = (c: LineContext) => (l: TextLine) => renderLine(l, c);
