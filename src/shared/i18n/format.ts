import { formatDay, formatLongDay, shortDay } from "../deadline-engine/days.ts";
import { DEFAULT_LANGUAGE, type Language, LOCALE_TAG } from "./languages.ts";

/**
 * Dates, numbers and money in the reader's language, through `Intl` (issue 22). The server's
 * mails, the case file and the browser all format with these.
 */
export const formatNumber = (language: Language, value: number) =>
  new Intl.NumberFormat(LOCALE_TAG[language]).format(value);

/** Whole dollars without cents ($3,500), else two decimals ($49.50). */
export function formatMoney(language: Language, dollars: number): string {
  const whole = Number.isInteger(dollars);
  return new Intl.NumberFormat(LOCALE_TAG[language], {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(dollars);
}

/**
 * A calendar date ('2026-11-24' or a Date) such as 'Nov 24, 2026' or '24 nov 2026'. A bare date
 * is read as that day, never shifted by a time zone.
 */
export function formatDate(
  language: Language,
  value: string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): string {
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  const timeZone = typeof value === "string" && value.length === 10 ? "UTC" : options.timeZone;
  return dateFormat(language, { ...options, timeZone }).format(date);
}

/**
 * One formatter per language and options: building an Intl.DateTimeFormat costs far more than
 * using one (about 250 µs against 5 µs here), and an explanation formats a day on every line.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Bounded: the options used are a handful; a flood of time zones only rebuilds.
    if (formats.size >= 200) formats.clear();
    format = new Intl.DateTimeFormat(LOCALE_TAG[language], options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A day with its weekday. English keeps the procedure's own spelling, which the spec's texts
 * and the stored sentences use ('Tue 8 Dec 2026', 'Tue 8 Dec' without the year); another
 * language goes through `Intl` ('mar, 8 dic 2026').
 */
export function formatWeekdayDay(
  language: Language,
  day: string,
  options: { year?: boolean } = {},
): string {
  const year = options.year ?? true;
  if (language === DEFAULT_LANGUAGE) return year ? formatDay(day) : shortDay(day);
  return formatDate(language, day, {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
  });
}

/** 'Tuesday 8 December' in English (the procedure's spelling), 'martes, 8 de diciembre' through Intl. */
export const formatLongWeekdayDay = (language: Language, day: string): string =>
  language === DEFAULT_LANGUAGE
    ? formatLongDay(day)
    : formatDate(language, day, { weekday: "long", day: "numeric", month: "long" });
