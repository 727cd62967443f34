import { formatDate, formatWeekdayDay } from "../../../shared/i18n/format.ts";
import type { Language } from "../../../shared/i18n/languages.ts";

/**
 * Days and times in what the server writes for a person (mails, the case file, the calendar),
 * in the reader's language. English keeps the product's own forms ('Tue 8 Dec 2026',
 * '2026-11-23 15:00 UTC'), which the spec's texts use; another language goes through `Intl`.
 */

/** Intl's narrow and no-break spaces become plain ones: the PDF's standard fonts lack them. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A calendar day with its weekday: 'Tue 8 Dec 2026', 'mar, 8 de dic de 2026'. */
export const weekdayDay = (language: Language, day: string): string =>
  plain(formatWeekdayDay(language, day.slice(0, 10)));

/** A calendar day: '2026-11-24', '24 nov 2026'. */
export function plainDay(language: Language, day: string): string {
  if (language === "en") return day.slice(0, 10);
  return plain(formatDate(language, day.slice(0, 10)));
}

/**
 * A moment in a time zone, the zone named as people there know it (issue 30: case files
 * printed UTC): '2026-11-23 10:00 EST', '23 nov 2026, 10:00 a.m. EST'; a zone without a
 * common abbreviation is named by its offset ('GMT+1').
 */
export function zonedTime(language: Language, iso: string, timeZone: string): string {
  const at = new Date(iso);
  const zone =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  if (language === "en") {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${zone}`;
  }
  const time = formatDate(language, iso, { dateStyle: "medium", timeStyle: "short", timeZone });
  return `${plain(time)} ${zone}`;
}

/** A moment, in UTC: '2026-11-23 15:00 UTC', '23 nov 2026, 3:00 p.m. UTC'. */
export function utcTime(language: Language, iso: string): string {
  if (language === "en") return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  const time = formatDate(language, iso, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `${plain(time)} UTC`;
}
