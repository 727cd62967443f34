import { type Language, LOCALE_TAG } from "./languages.ts";

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
  return new Intl.DateTimeFormat(LOCALE_TAG[language], { ...options, timeZone }).format(date);
}
