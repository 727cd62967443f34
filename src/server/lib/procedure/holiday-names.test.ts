import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../../shared/i18n/catalogues.ts";
import { LANGUAGES } from "../../../shared/i18n/languages.ts";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import { apiLines, lineTextIn } from "../i18n/index.ts";
import { holidayKey, publicHolidays } from "./holidays.ts";

/**
 * Issue 31: holiday names come in the reader's language. date-holidays has no French for most
 * US holidays ('Thanksgiving Day') and no Spanish for Juneteenth or Canada's; the `holidays`
 * catalogue names them.
 */
const YEARS = [2026, 2027, 2028, 2029, 2030];
const OTHERS = LANGUAGES.filter((l) => l !== "en");

/** Every US state and Canadian province the region picker offers, and the two countries. */
const REGIONS = ["US", "CA"].flatMap((country) => [
  country,
  ...Object.keys(new Holidays().getStates(country, "en") ?? {}).map((s) => `${country}-${s}`),
]);

describe("holiday names in the reader's language", () => {
  it("names every US federal holiday of 2026-2030 in French and Spanish, none in English", () => {
    for (const year of YEARS) {
      const english = publicHolidays("US", year);
      // 11 federal holidays a year, 12 when New Year's Day of the next is observed on 31 Dec.
      expect(english.size).toBeGreaterThanOrEqual(11);
      for (const language of OTHERS) {
        const local = publicHolidays("US", year, language);
        expect([...local.keys()]).toEqual([...english.keys()]);
        for (const [day, name] of english) {
          const theirs = local.get(day) ?? "";
          expect({ day, language, same: theirs === name || theirs === "" }).toEqual({
            day,
            language,
            same: false,
          });
          // Not the English name with a translated suffix either ('Juneteenth (jour substitut)').
          expect(theirs.startsWith(name.replace(/ \(substitute day\)$/, "")), theirs).toBe(false);
        }
      }
    }
    expect(publicHolidays("US", 2026, "fr-CA").get("2026-11-26")).toBe("Action de grâce");
    expect(publicHolidays("US", 2026, "es").get("2026-06-19")).toBe(
      "Día de la Emancipación (Juneteenth)",
    );
    // Veterans Day 2028 falls on a Saturday: its observed Friday, which the library lacks.
    expect(publicHolidays("US", 2028).get("2028-11-10")).toBe("Veterans Day (substitute day)");
    expect(publicHolidays("US", 2028, "fr-CA").get("2028-11-10")).toBe(
      "Jour des anciens combattants (jour férié reporté)",
    );
    expect(publicHolidays("US", 2028, "es").get("2028-11-10")).toBe(
      "Día del Veterano (día sustituto)",
    );
    // The library's own substitute days read the same way.
    expect(publicHolidays("US", 2027, "fr-CA").get("2027-12-24")).toBe("Noël (jour férié reporté)");
  });

  // One year for every region: each reads 2025-2027 in three languages (about 600 library
  // calls at 15 ms); 2026 has the even years' election days and the 250th anniversary.
  it("names every public holiday of every US state and Canadian province of 2026 in every language, from catalogue keys the library gives", () => {
    const english: string[] = [];
    const given = new Set<string>();
    for (const region of REGIONS) {
      const en = publicHolidays(region, 2026);
      for (const name of en.values())
        given.add(holidayKey(name.replace(/ \(substitute day\)$/, "")));
      for (const language of OTHERS) {
        const local = publicHolidays(region, 2026, language);
        for (const [day, name] of en) {
          if (local.get(day) === name) english.push(`${region} ${day} ${language}: ${name}`);
        }
      }
    }
    expect(english).toEqual([]);
    // Canada in Spanish, which the library lacks; in French, the library's own names.
    expect(publicHolidays("CA-QC", 2027, "es").get("2027-06-24")).toBe("Fiesta Nacional de Quebec");
    expect(publicHolidays("CA-QC", 2027, "fr-CA").get("2027-06-24")).toBe(
      "Fête nationale du Québec",
    );
    expect(publicHolidays("CA-ON", 2027, "es").get("2027-02-15")).toBe("Día de la Familia");
    // The catalogue's keys are its English names' slugs, each a name the library gives.
    const names = CATALOGUES.en.holidays.names as Record<string, string>;
    for (const [key, name] of Object.entries(names)) expect(holidayKey(name), name).toBe(key);
    expect(Object.keys(names).filter((k) => !given.has(k))).toEqual([]);
    expect(holidayKey("Presidents' Day")).toBe(holidayKey("President's Day"));
    expect(holidayKey("César Chávez Day")).toBe("cesar-chavez-day");
  }, 60_000);

  it("renders a deadline explanation's holiday in the reader's language, and sends the browser every language's name", () => {
    const line = {
      kind: "line.skipped",
      params: {
        day: "2026-11-26",
        reason: { type: "holiday", region: "US", contract: false, name: "Thanksgiving Day" },
      },
    } as unknown as TextLine;
    expect(lineTextIn("fr-CA")(line)).toContain("Action de grâce");
    expect(lineTextIn("fr-CA")(line)).not.toContain("Thanksgiving");
    expect(lineTextIn("es")(line)).toContain("Acción de Gracias");
    expect(lineTextIn("en")(line)).toContain("Thanksgiving Day");
    const [sent] = apiLines([line]).lines;
    expect(sent?.params).toMatchObject({
      reason: {
        names: { en: "Thanksgiving Day", es: "Acción de Gracias", "fr-CA": "Action de grâce" },
      },
    });
  });
});
