/**
 * Plain calendar dates ("YYYY-MM-DD") with no time and no time zone: a deadline is a day in the
 * organization's own time zone (product-decisions.md 26). Arithmetic runs on UTC midnights,
 * where every day has 24 hours, so daylight-saving changes never shift a date.
 */
export type IsoDate = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The UTC midnight of a real calendar date in the YYYY-MM-DD form, or NaN. Years before 100
 * are refused: `Date.UTC` reads them as 1900 to 1999. Checked by numbers, not by printing the
 * date back (the tracker reads a few dates for each of its rows).
 */
function parse(value: string): number {
  const m = ISO.exec(value);
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return Number.NaN;
  const t = Date.UTC(year, month - 1, day);
  // A day past the month's end rolls into the next month.
  return new Date(t).getUTCDate() === day ? t : Number.NaN;
}

/** True for a real calendar date in the YYYY-MM-DD form (2028-02-29 yes, 2027-02-29 no). */
export function isIsoDate(value: string): boolean {
  return !Number.isNaN(parse(value));
}

function toMs(d: IsoDate): number {
  const t = parse(d);
  if (Number.isNaN(t)) throw new RangeError(`Not a date: ${d}`);
  return t;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function toIso(ms: number): IsoDate {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString().slice(0, 10);
  return `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

export function addDays(d: IsoDate, n: number): IsoDate {
  return toIso(toMs(d) + n * DAY_MS);
}

/** b - a in calendar days. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toMs(b) - toMs(a)) / DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(d: IsoDate): number {
  return new Date(toMs(d)).getUTCDay();
}

export function isWeekend(d: IsoDate): boolean {
  const w = weekday(d);
  return w === 0 || w === 6;
}

/** "Tue 8 Dec 2026": English, whatever the reader's locale, as printed in a case file. */
export function formatDay(d: IsoDate): string {
  return `${shortDay(d)} ${d.slice(0, 4)}`;
}

/** "Tue 8 Dec": a day inside an explanation whose year is given by its first and last line. */
export function shortDay(d: IsoDate): string {
  return `${WEEKDAYS[weekday(d)]} ${dayMonth(d)}`;
}

const LONG_WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Tuesday 1 December": a day in a sentence, when its year goes without saying. */
export function formatLongDay(d: IsoDate): string {
  const date = new Date(toMs(d));
  return `${LONG_WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${LONG_MONTHS[date.getUTCMonth()]}`;
}

/** "8 Dec" */
export function dayMonth(d: IsoDate): string {
  const ms = toMs(d);
  const date = new Date(ms);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a
 * list asks for every row's day (3.5% of the server's busy time in the bench before). Holding
 * them changes no answer.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    // Zones are the organizations' (a few hundred at most); the bound only guards odd input.
    if (dayFormats.size >= 1000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day it is in `timeZone` at the instant `now` (an IANA zone name). */
export function todayIn(timeZone: string, now: Date): IsoDate {
  // Every zone's offset is whole seconds, so a local day starts on a whole UTC second: within
  // one second the answer is the last one (formatToParts was 1.7% of a list request).
  const second = Math.floor(now.getTime() / 1000);
  const held = lastToday.get(timeZone);
  if (held?.second === second) return held.day;
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  if (lastToday.size >= 1000) lastToday.clear();
  lastToday.set(timeZone, { second, day });
  return day;
}

const lastToday = new Map<string, { second: number; day: IsoDate }>();

/** True for a time zone name this JavaScript runtime knows (IANA, e.g. "America/Chicago"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
