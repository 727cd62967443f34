import Holidays from "date-holidays";
import { addDays, type IsoDate } from "../../../shared/deadline-engine/index.ts";
import { CATALOGUES } from "../../../shared/i18n/catalogues.ts";
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

interface Listed {
  date: string;
  type: string;
  name: string;
  start: Date;
  end: Date;
}

const listings = new Map<string, Listed[]>();

/**
 * The library's holiday entries of `year` in `lang`, copied (date-holidays reuses its entry
 * objects, so a later call in another language would rename the ones already returned) and
 * kept: a call costs 15-60 ms, and each language's names are read against the English list.
 */
function listHolidays(region: string, year: number, lang: string): Listed[] {
  const key = `${region}:${year}:${lang}`;
  const known = listings.get(key);
  if (known) return known;
  const [country, state] = splitRegion(region);
  const hd = state ? new Holidays(country, state) : new Holidays(country);
  const listed = hd.getHolidays(year, lang).map(({ date, type, name, start, end }) => ({
    date,
    type,
    name,
    start,
    end,
  }));
  if (listings.size >= MAX_CACHED * 3) listings.delete(listings.keys().next().value ?? "");
  listings.set(key, listed);
  return listed;
}

const SUBSTITUTE = / \(substitute day\)$/;

/** The catalogue's key of a holiday: its English name as a slug ("Presidents' Day" -> presidents-day). */
export const holidayKey = (english: string): string =>
  english
    .normalize("NFKD")
    .replace(/[\u0300-\u036f'’]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function catalogueName(language: Language, key: string): string | undefined {
  const names = CATALOGUES[language].holidays.names;
  const name = typeof names === "object" ? names[key] : undefined;
  return typeof name === "string" ? name : undefined;
}

/** A substitute day's name in `language`, from its holiday's ('Noël' -> 'Noël (jour férié reporté)'). */
function substituteName(language: Language, name: string): string {
  const template = CATALOGUES[language].holidays.substitute;
  return typeof template === "string" ? template.replace("{{name}}", name) : name;
}

/**
 * A holiday's name for a reader of `language` (issue 31): the library's own in that language,
 * else, where the library gave its English name back (no French for 'Thanksgiving Day', no
 * Spanish for 'Juneteenth' or 'Canada Day'), the `holidays` catalogue's, keyed by the English
 * name's slug; else the library's. Substitute days are their holiday's name in the catalogue's
 * wording, so the library's and ours read alike.
 */
function localHolidayName(english: string, library: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return english;
  if (SUBSTITUTE.test(english)) {
    const base = english.replace(SUBSTITUTE, "");
    const libraryBase = library.replace(/ \([^()]*\)$/, "");
    return substituteName(language, localHolidayName(base, libraryBase, language));
  }
  if (library !== english) return library;
  return catalogueName(language, holidayKey(english)) ?? library;
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
  const [country] = splitRegion(region);
  const days = new Map<IsoDate, string>();
  // A day observed in `year` may be listed under a neighbouring year (a New Year's Day on a
  // Saturday is observed on 31 December), so the three years are read.
  const years = [year - 1, year, year + 1];
  const list = (lang: string) => years.flatMap((y) => listHolidays(region, y, lang));
  const listed = list(libraryLanguage(country, DEFAULT_LANGUAGE));
  const inLanguage =
    language === DEFAULT_LANGUAGE ? listed : list(libraryLanguage(country, language));
  for (const [i, h] of listed.entries()) {
    if (h.type !== "public") continue;
    // `date` is the local start ("2026-11-26 00:00:00"); a holiday may last several days. A
    // part-day holiday (starting at noon) leaves that day a working day.
    if (!h.date.endsWith(" 00:00:00")) continue;
    const other = inLanguage[i];
    const library = other?.date === h.date ? other.name : h.name;
    const name = localHolidayName(h.name, library, language);
    const first = h.date.slice(0, 10);
    const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
    for (let d = 0; d < Math.min(length, 31); d++) {
      const day = addDays(first, d);
      if (day.startsWith(String(year)) && !days.has(day)) days.set(day, name);
    }
  }
  if (country === "US") addFederalObservedDays(days, listed, inLanguage, year, language);
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
  listed: Listed[],
  inLanguage: Listed[],
  year: number,
  language: Language,
): void {
  for (const [i, h] of listed.entries()) {
    const date = h.date.slice(0, 10);
    if (h.type !== "public" || !FIXED_FEDERAL.has(date.slice(5))) continue;
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) continue;
    const observed = addDays(date, day === 6 ? -1 : 1);
    if (observed.startsWith(String(year)) && !days.has(observed)) {
      const library = inLanguage[i]?.date === h.date ? inLanguage[i].name : h.name;
      days.set(observed, substituteName(language, localHolidayName(h.name, library, language)));
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
