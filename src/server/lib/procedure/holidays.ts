import Holidays from "date-holidays";
import { addDays, type IsoDate } from "../../../shared/deadline-engine/index.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages.ts";
import type { THolidayRegions } from "../../../shared/schemas/procedure.ts";

/**
 * Public holidays from the maintained `date-holidays` library, type `public` only
 * (product-decisions.md 26): bank holidays, observances and optional days are working days.
 * One map of date -> name per region and year, built once per process.
 */
const cache = new Map<string, Map<IsoDate, string>>();
const MAX_CACHED = 500;

function splitRegion(region: string): [string, string | undefined] {
  const [country, state] = region.split("-");
  return [country ?? region, state];
}

/**
 * The library's language for a holiday name: the reader's base language ('fr' for fr-CA), which
 * date-holidays has for the countries that speak it (Canada in French, the United States in
 * Spanish) and otherwise answers in the country's own; English names are in American spelling
 * for the United States ("Labor Day"). Nothing here names one of our languages (decision 037).
 */
function libraryLanguage(country: string, language: Language): string {
  if (language !== DEFAULT_LANGUAGE) return language.split("-")[0]?.toLowerCase() ?? "en";
  return country === "US" ? "en-us" : "en";
}

/**
 * The public holidays of `region` ("US", "CA-ON") in `year`, by day, named in `language`
 * (English unless a reader's language is given: the deadline engine's own lines are English).
 */
export function publicHolidays(
  region: string,
  year: number,
  language: Language = DEFAULT_LANGUAGE,
): Map<IsoDate, string> {
  const key = `${region}:${year}:${language}`;
  const known = cache.get(key);
  if (known) return known;
  const [country, state] = splitRegion(region);
  const hd = state ? new Holidays(country, state) : new Holidays(country);
  const days = new Map<IsoDate, string>();
  const lang = libraryLanguage(country, language);
  // A day observed in `year` may be listed under a neighbouring year (a New Year's Day on a
  // Saturday is observed on 31 December), so the three years are read.
  const listed = [year - 1, year, year + 1].flatMap((y) => hd.getHolidays(y, lang));
  for (const h of listed) {
    if (h.type !== "public") continue;
    // `date` is the local start ("2026-11-26 00:00:00"); a holiday may last several days. A
    // part-day holiday (starting at noon) leaves that day a working day.
    if (!h.date.endsWith(" 00:00:00")) continue;
    const first = h.date.slice(0, 10);
    const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
    for (let i = 0; i < Math.min(length, 31); i++) {
      const d = addDays(first, i);
      if (d.startsWith(String(year)) && !days.has(d)) days.set(d, h.name);
    }
  }
  if (country === "US") addFederalObservedDays(days, listed, year);
  // Regions are validated and years are few; the cap only bounds a long-running process.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
  cache.set(key, days);
  return days;
}

/** The name of the public holiday of `region` on `day` in the reader's language, or null. */
export const holidayName = (region: string, day: IsoDate, language: Language): string | null =>
  publicHolidays(region, Number(day.slice(0, 4)), language).get(day) ?? null;

/**
 * 5 U.S.C. 6103(b): a federal holiday on a Saturday is observed the Friday before, on a Sunday
 * the Monday after. date-holidays gives most of these days ('Independence Day (substitute
 * day)') but not Veterans Day's (11 Nov 2028 is a Saturday, 11 Nov 2029 a Sunday), so every
 * fixed-date federal holiday the region lists on a weekend gets its observed day here when the
 * library has none (docs/decisions/034; calendar.test.ts holds the federal schedule 2026-2030).
 */
const FIXED_FEDERAL = new Set(["01-01", "06-19", "07-04", "11-11", "12-25"]);

function addFederalObservedDays(
  days: Map<IsoDate, string>,
  listed: { date: string; type: string; name: string }[],
  year: number,
): void {
  for (const h of listed) {
    const date = h.date.slice(0, 10);
    if (h.type !== "public" || !FIXED_FEDERAL.has(date.slice(5))) continue;
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) continue;
    const observed = addDays(date, day === 6 ? -1 : 1);
    if (observed.startsWith(String(year)) && !days.has(observed)) {
      days.set(observed, `${h.name} (substitute day)`);
    }
  }
}

/** True when date-holidays knows the region (a country, or a state of a country). */
export function isKnownRegion(region: string): boolean {
  const [country, state] = splitRegion(region);
  const countries = new Holidays().getCountries("en");
  if (!countries || !(country in countries)) return false;
  if (state === undefined) return true;
  const states = new Holidays().getStates(country, "en");
  return states !== undefined && state in states;
}

let regionList: THolidayRegions | undefined;

/** Every country and state/province date-holidays knows, sorted by name, for the picker. */
export function holidayRegions(): THolidayRegions {
  if (regionList) return regionList;
  const hd = new Holidays();
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const countries = Object.entries(hd.getCountries("en") ?? {}).map(([code, name]) => ({
    code,
    name,
    states: Object.entries(hd.getStates(code, "en") ?? {})
      .map(([state, stateName]) => ({ code: `${code}-${state}`, name: stateName }))
      .sort(byName),
  }));
  regionList = { countries: countries.sort(byName) };
  return regionList;
}
