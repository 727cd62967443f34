import { formatLongWeekdayDay, formatWeekdayDay } from "../../../../../shared/i18n/format.ts";
import type { Language } from "../../../../../shared/i18n/languages.ts";

/**
 * Days on the Procedure tab. English keeps the procedure's own forms ('Tue 8 Dec 2026',
 * 'Tuesday 8 December', which the spec's texts use); another language reads them through
 * `Intl` ('mar, 8 dic 2026', 'martes, 8 de diciembre').
 */
export const dayLabel = (language: Language, day: string) => formatWeekdayDay(language, day);

export const longDayLabel = (language: Language, day: string) =>
  formatLongWeekdayDay(language, day);
