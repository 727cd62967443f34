import { formatDate } from "../../../../../shared/i18n/format.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../../../../shared/i18n/languages.ts";
import { formatDay, formatLongDay } from "../../../../../shared/procedure/index.ts";

/**
 * Days on the Procedure tab. English keeps the procedure's own forms ('Tue 8 Dec 2026',
 * 'Tuesday 8 December', which the spec's texts use); another language reads them through
 * `Intl` ('mar, 8 dic 2026', 'martes, 8 de diciembre').
 */
export const dayLabel = (language: Language, day: string) =>
  language === DEFAULT_LANGUAGE
    ? formatDay(day)
    : formatDate(language, day, {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      });

export const longDayLabel = (language: Language, day: string) =>
  language === DEFAULT_LANGUAGE
    ? formatLongDay(day)
    : formatDate(language, day, { weekday: "long", day: "numeric", month: "long" });
