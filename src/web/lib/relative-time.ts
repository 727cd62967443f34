import { type Language, LOCALE_TAG } from "../../shared/i18n/languages.ts";
import { currentLanguage, i18n } from "./i18n.ts";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/** One formatter per language, made on first use. */
const formatters = new Map<
  Language,
  { relative: Intl.RelativeTimeFormat; absolute: Intl.DateTimeFormat }
>();
function formattersFor(language: Language) {
  let f = formatters.get(language);
  if (!f) {
    const tag = LOCALE_TAG[language];
    f = {
      relative: new Intl.RelativeTimeFormat(tag, { numeric: "auto" }),
      absolute: new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }),
    };
    formatters.set(language, f);
  }
  return f;
}

/**
 * '5 minutes ago', 'yesterday', '3 weeks ago' ('hace 5 minutos', 'ayer'...) in the language on
 * screen; under a minute, 'just now'.
 */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const { relative } = formattersFor(currentLanguage());
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return i18n.t("common:time.justNow");
}

/** 'Mar 3, 2026, 4:05 PM' (for a tooltip or a <time> title), in the language on screen. */
export const fullDate = (iso: string) =>
  formattersFor(currentLanguage()).absolute.format(new Date(iso));
