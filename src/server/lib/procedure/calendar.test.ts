import { describe, expect, it } from "vitest";
import { fromLabel, heading, inEnglish } from "../../../../tests/support/lines.ts";
import * as engine from "../../../shared/deadline-engine/index.ts";
import { isBusinessDay } from "../../../shared/deadline-engine/index.ts";
import { defaultProcedure } from "../../../shared/schemas/procedure.ts";
import { workCalendar } from "./calendar.ts";
import { holidayName, holidayRegions, isKnownRegion } from "./holidays.ts";

/** The engine with its explanation in English (lines rendered through the catalogue). */
type Words = Omit<Parameters<typeof engine.computeDueDate>[0], "heading" | "fromLabel"> & {
  heading: string;
  fromLabel: string;
};
const computeDueDate = (a: Words) =>
  inEnglish(
    engine.computeDueDate({ ...a, heading: heading(a.heading), fromLabel: fromLabel(a.fromLabel) }),
  );

const us = workCalendar({ holidayRegion: "US", closures: [] });

/**
 * The federal holidays as observed, written from OPM's rules (5 U.S.C. 6103): New Year's Day
 * (1 Jan), Martin Luther King Jr. Day (3rd Monday of January), Washington's Birthday (3rd
 * Monday of February), Memorial Day (last Monday of May), Juneteenth (19 Jun), Independence Day
 * (4 Jul), Labor Day (1st Monday of September), Columbus Day (2nd Monday of October), Veterans
 * Day (11 Nov), Thanksgiving (4th Thursday of November), Christmas (25 Dec). One on a Saturday
 * is observed the Friday before, one on a Sunday the Monday after (6103(b)); so New Year's Day
 * 2028, a Saturday, is observed on Friday 31 December 2027 (OPM did the same for 2022: Friday
 * 31 December 2021). Weekend days themselves are not listed.
 */
const FEDERAL_OBSERVED: Record<number, string[]> = {
  2026: [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-05-25",
    "2026-06-19",
    "2026-07-03", // 4 Jul is a Saturday
    "2026-09-07",
    "2026-10-12",
    "2026-11-11",
    "2026-11-26",
    "2026-12-25",
  ],
  2027: [
    "2027-01-01",
    "2027-01-18",
    "2027-02-15",
    "2027-05-31",
    "2027-06-18", // 19 Jun is a Saturday
    "2027-07-05", // 4 Jul is a Sunday
    "2027-09-06",
    "2027-10-11",
    "2027-11-11",
    "2027-11-25",
    "2027-12-24", // 25 Dec is a Saturday
    "2027-12-31", // New Year's Day 2028 is a Saturday
  ],
  2028: [
    "2028-01-17",
    "2028-02-21",
    "2028-05-29",
    "2028-06-19",
    "2028-07-04",
    "2028-09-04",
    "2028-10-09",
    "2028-11-10", // 11 Nov is a Saturday: date-holidays lacks it, holidays.ts adds it
    "2028-11-23",
    "2028-12-25",
  ],
  2029: [
    "2029-01-01",
    "2029-01-15",
    "2029-02-19",
    "2029-05-28",
    "2029-06-19",
    "2029-07-04",
    "2029-09-03",
    "2029-10-08",
    "2029-11-12", // 11 Nov is a Sunday: date-holidays lacks it, holidays.ts adds it
    "2029-11-22",
    "2029-12-25",
  ],
  2030: [
    "2030-01-01",
    "2030-01-21",
    "2030-02-18",
    "2030-05-27",
    "2030-06-19",
    "2030-07-04",
    "2030-09-02",
    "2030-10-14",
    "2030-11-11",
    "2030-11-28",
    "2030-12-25",
  ],
};

describe("workCalendar from date-holidays", () => {
  for (const year of [2026, 2027, 2028, 2029, 2030]) {
    it(`knows every US federal holiday of ${year}, as observed, and no other weekday`, () => {
      const observed = FEDERAL_OBSERVED[year] ?? [];
      for (const d of observed) {
        expect(us.holidayName(d), d).not.toBeNull();
        expect(isBusinessDay(d, us), d).toBe(false);
      }
      // Every other weekday of the year is a business day (no observance, no bank holiday).
      const days = [];
      for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
        const d = new Date(t);
        const iso = d.toISOString().slice(0, 10);
        if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !observed.includes(iso)) days.push(iso);
      }
      expect(days.filter((d) => !isBusinessDay(d, us))).toEqual([]);
    });
  }

  it("checks the federal schedule against the rules it was written from", () => {
    // The rules again, computed: the nth weekday of a month, the last Monday of May, and a
    // fixed date moved off the weekend. Every observed day of a year, wherever it was listed.
    const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const nth = (y: number, m: number, weekday: number, n: number) => {
      const first = utc(y, m, 1).getUTCDay();
      return iso(utc(y, m, 1 + ((weekday - first + 7) % 7) + 7 * (n - 1)));
    };
    const lastMonday = (y: number, m: number) => {
      const last = utc(y, m + 1, 0);
      return iso(utc(y, m, last.getUTCDate() - ((last.getUTCDay() + 6) % 7)));
    };
    const observed = (y: number, m: number, d: number) => {
      const day = utc(y, m, d).getUTCDay();
      return iso(utc(y, m, d + (day === 6 ? -1 : day === 0 ? 1 : 0)));
    };
    const schedule = (y: number) => [
      observed(y, 1, 1),
      nth(y, 1, 1, 3),
      nth(y, 2, 1, 3),
      lastMonday(y, 5),
      observed(y, 6, 19),
      observed(y, 7, 4),
      nth(y, 9, 1, 1),
      nth(y, 10, 1, 2),
      observed(y, 11, 11),
      nth(y, 11, 4, 4),
      observed(y, 12, 25),
    ];
    const computed = [2026, 2027, 2028, 2029, 2030, 2031].flatMap(schedule);
    for (const [year, days] of Object.entries(FEDERAL_OBSERVED)) {
      expect(days, year).toEqual(computed.filter((d) => d.startsWith(year)).sort());
    }
    expect(us.holidayName("2028-11-10")).toBe("Veterans Day (substitute day)");
    expect(us.holidayName("2029-11-12")).toBe("Veterans Day (substitute day)");
    // A state's list gets the observed day too; a Canadian one is left as the library has it.
    const dc = workCalendar({ holidayRegion: "US-DC", closures: [] });
    expect(dc.holidayName("2028-11-10")).toBe("Veterans Day (substitute day)");
  });

  it("takes the contract's holidays on top of the region's: worked public holidays and its own days", () => {
    const cal = workCalendar({
      holidayRegion: "US",
      closures: [],
      holidays: {
        removed: ["2026-10-12"],
        added: [{ date: "2026-11-27", name: "Day after Thanksgiving" }],
      },
    });
    expect(cal.holidayName("2026-10-12")).toBeNull();
    expect(isBusinessDay("2026-10-12", cal)).toBe(true);
    expect(cal.contractHolidayName?.("2026-11-27")).toBe("Day after Thanksgiving");
    const r = computeDueDate({
      from: "2026-11-25",
      fromLabel: "filed",
      heading: "Filing limit",
      limit: { days: 2, dayType: "business" },
      calendar: cal,
    });
    expect(r).toEqual({
      dueDate: "2026-12-01",
      explanation: [
        "Filing limit: 2 business days from Wed 25 Nov 2026 (filed)",
        "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
        "skipped Fri 27 Nov (Day after Thanksgiving, contract holiday)",
        "skipped weekend 28 to 29 Nov",
        "due Tue 1 Dec 2026",
      ],
    });
    // Columbus Day worked: a limit over it counts it.
    const columbus = computeDueDate({
      from: "2026-10-09",
      fromLabel: "filed",
      heading: "Filing limit",
      limit: { days: 1, dayType: "business" },
      calendar: cal,
    });
    expect(columbus.dueDate).toBe("2026-10-12");
  });

  it("names the holidays in American English", () => {
    expect(us.holidayName("2026-11-26")).toBe("Thanksgiving Day");
    expect(us.holidayName("2026-09-07")).toBe("Labor Day");
    expect(us.holidayName("2026-07-03")).toBe("Independence Day (substitute day)");
    expect(us.holidayName("2026-11-27")).toBeNull();
  });

  it("computes the issue's example with the real calendar", () => {
    const r = computeDueDate({
      from: "2026-11-23",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: { days: 10, dayType: "business" },
      calendar: us,
    });
    expect(r.dueDate).toBe("2026-12-08");
    expect(r.explanation.slice(0, 3)).toEqual([
      "Employer answer to Step 1: 10 business days from Mon 23 Nov 2026 (filed)",
      "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
      "skipped weekend 28 to 29 Nov",
    ]);
  });

  it("a calendar limit ending on the observed Fourth of July (Fri 3 Jul 2026) rolls to Monday 6 July", () => {
    const r = computeDueDate({
      from: "2026-06-03",
      fromLabel: "answer received",
      heading: "Union appeal to Step 2",
      limit: { days: 30, dayType: "calendar" },
      calendar: us,
    });
    expect(r.dueDate).toBe("2026-07-06");
    expect(r.explanation).toContain("skipped weekend 4 to 5 Jul");
  });

  it("an Ontario local skips Ontario's holidays: Good Friday and Easter Monday 2026, Family Day", () => {
    const on = workCalendar({ holidayRegion: "CA-ON", closures: [] });
    const r = computeDueDate({
      from: "2026-04-01",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: { days: 5, dayType: "business" },
      calendar: on,
    });
    expect(r).toEqual({
      dueDate: "2026-04-10",
      explanation: [
        "Employer answer to Step 1: 5 business days from Wed 1 Apr 2026 (filed)",
        "skipped Fri 3 Apr (Good Friday, public holiday)",
        "skipped weekend 4 to 5 Apr",
        "skipped Mon 6 Apr (Easter Monday, public holiday)",
        "due Fri 10 Apr 2026",
      ],
    });
    expect(on.holidayName("2026-02-16")).toBe("Family Day");
    expect(on.holidayName("2026-05-18")).toBe("Victoria Day");
    // The Civic Holiday is not a public holiday in Ontario: a working day.
    expect(on.holidayName("2026-08-03")).toBeNull();
    // Quebec has no Family Day.
    expect(
      workCalendar({ holidayRegion: "CA-QC", closures: [] }).holidayName("2026-02-16"),
    ).toBeNull();
  });

  it("adds the local's closures on top of the holidays, and a region of none has only weekends", () => {
    const cal = workCalendar({
      holidayRegion: null,
      closures: [{ date: "2026-11-27", name: "Union office closed" }],
    });
    expect(cal.holidayName("2026-11-26")).toBeNull();
    expect(cal.closureName("2026-11-27")).toBe("Union office closed");
    const r = computeDueDate({
      from: "2026-11-25",
      fromLabel: "filed",
      heading: "Filing limit",
      limit: { days: 2, dayType: "business" },
      calendar: cal,
    });
    expect(r.dueDate).toBe("2026-11-30");
    expect(r.explanation).toContain("skipped Fri 27 Nov (Union office closed)");
  });

  it("skips every day of a holiday that lasts several days (Korean Thanksgiving 2026)", () => {
    const kr = workCalendar({ holidayRegion: "KR", closures: [] });
    const r = computeDueDate({
      from: "2026-09-23",
      fromLabel: "filed",
      heading: "Filing limit",
      limit: { days: 1, dayType: "business" },
      calendar: kr,
    });
    expect(r.dueDate).toBe("2026-09-28");
    expect(r.explanation).toEqual([
      "Filing limit: 1 business day from Wed 23 Sep 2026 (filed)",
      "skipped Thu 24 Sep (Korean Thanksgiving, public holiday)",
      "skipped Fri 25 Sep (Korean Thanksgiving, public holiday)",
      "skipped weekend 26 to 27 Sep",
      "due Mon 28 Sep 2026",
    ]);
  });

  it("leaves a part-day holiday a working day (China's Women's Day starts at noon)", () => {
    const cn = workCalendar({ holidayRegion: "CN", closures: [] });
    expect(cn.holidayName("2027-03-08")).toBeNull();
    expect(cn.holidayName("2027-10-01")).not.toBeNull();
  });

  it("an unknown stored region counts weekends only rather than failing", () => {
    expect(
      workCalendar({ holidayRegion: "ZZ", closures: [] }).holidayName("2026-12-25"),
    ).toBeNull();
  });

  it("knows which regions exist and lists them for the picker", () => {
    expect(isKnownRegion("US")).toBe(true);
    expect(isKnownRegion("US-CA")).toBe(true);
    expect(isKnownRegion("CA-ON")).toBe(true);
    expect(isKnownRegion("US-ZZ")).toBe(false);
    expect(isKnownRegion("ZZ")).toBe(false);
    const us = holidayRegions().countries.find((c) => c.code === "US");
    expect(us?.name).toBe("United States of America");
    expect(us?.states).toContainEqual({ code: "US-CA", name: "California" });
    expect(holidayRegions().countries.length).toBeGreaterThan(100);
  });

  it("the default procedure's calendar is the US one", () => {
    const cal = workCalendar(defaultProcedure());
    expect(cal.holidayName("2027-12-31")).toBe("New Year's Day (substitute day)");
  });
});

describe("Canadian provinces' holidays (issue 31: French (Canada))", () => {
  it("Quebec counts Saint-Jean-Baptiste (24 June) and Ontario Family Day in 2027, named in the reader's language", () => {
    const qc = workCalendar({ holidayRegion: "CA-QC", closures: [] });
    const on = workCalendar({ holidayRegion: "CA-ON", closures: [] });
    // Saint-Jean-Baptiste, Quebec's Fête nationale: a Thursday in 2027, a holiday in Quebec only.
    expect(qc.holidayName("2027-06-24")).not.toBeNull();
    expect(on.holidayName("2027-06-24")).toBeNull();
    // Family Day, the third Monday of February: Ontario's, not Quebec's.
    expect(on.holidayName("2027-02-15")).toBe("Family Day");
    expect(qc.holidayName("2027-02-15")).toBeNull();
    // Quebec's National Patriots' Day on the Monday before 25 May, Ontario's Victoria Day.
    expect(qc.holidayName("2027-05-24")).not.toBeNull();
    expect(on.holidayName("2027-05-24")).toBe("Victoria Day");
    expect(holidayName("CA-QC", "2027-06-24", "fr-CA")).toBe("Fête nationale du Québec");
    expect(holidayName("CA-ON", "2027-02-15", "fr-CA")).toBe("Fête de la famille");
    expect(holidayName("CA-ON", "2027-02-15", "en")).toBe("Family Day");
    expect(holidayName("CA-ON", "2027-02-16", "fr-CA")).toBeNull();
    // A language the library lacks for a country is named by the catalogue (holiday-names.test.ts).
    expect(holidayName("CA-ON", "2027-07-01", "es")).toBe("Día de Canadá");
  });

  it("a Quebec deadline skips Saint-Jean-Baptiste in 2027", () => {
    const r = computeDueDate({
      from: "2027-06-22",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: { days: 5, dayType: "business" },
      calendar: workCalendar({ holidayRegion: "CA-QC", closures: [] }),
    });
    // 23 (1), 24 holiday, 25 (2), weekend, 28 (3), 29 (4), 30 (5).
    expect(r.dueDate).toBe("2027-06-30");
    expect(r.explanation.some((line) => line.includes("Thu 24 Jun"))).toBe(true);
  });

  it("the region picker offers every Canadian province and territory", () => {
    const canada = holidayRegions().countries.find((c) => c.code === "CA");
    const codes = canada?.states.map((s) => s.code) ?? [];
    for (const code of ["CA-QC", "CA-ON", "CA-BC", "CA-AB", "CA-NS", "CA-NB", "CA-MB", "CA-SK"])
      expect(codes).toContain(code);
    expect(codes).toHaveLength(13);
    for (const code of codes) expect(isKnownRegion(code)).toBe(true);
  });
});
