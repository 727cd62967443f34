import Holidays from "date-holidays";
import { addDays, type IsoDate } from "../../../shared/deadline-engine/index.ts";
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

/** The public holidays of `region` ("US", "CA-ON") in `year`, by day. */
export function publicHolidays(region: string, year: number): Map<IsoDate, string> {
  const key = `${region}:${year}`;
  const known = cache.get(key);
  if (known) return known;
  const [country, state] = splitRegion(region);
  const hd = state ? new Holidays(country, state) : new Holidays(country);
  const days = new Map<IsoDate, string>();
  // English names, in American spelling for the United States ("Labor Day").
  const lang = country === "US" ? "en-us" : "en";
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
  // Regions are validated and years are few; the cap only bounds a long-running process.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
  cache.set(key, days);
  return days;
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
