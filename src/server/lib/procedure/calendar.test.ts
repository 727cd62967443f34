import { describe, expect, it } from "vitest";
import { computeDueDate, isBusinessDay } from "../../../shared/deadline-engine/index.ts";
import { defaultProcedure } from "../../../shared/schemas/procedure.ts";
import { workCalendar } from "./calendar.ts";
import { holidayRegions, isKnownRegion } from "./holidays.ts";

const us = workCalendar({ holidayRegion: "US", closures: [] });

/** The federal holidays as observed (5 U.S.C. 6103): a Saturday's on the Friday, a Sunday's on the Monday. */
const FEDERAL_OBSERVED: Record<number, string[]> = {
  2026: [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-05-25",
    "2026-06-19",
    "2026-07-03",
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
    "2027-06-18",
    "2027-07-05",
    "2027-09-06",
    "2027-10-11",
    "2027-11-11",
    "2027-11-25",
    "2027-12-24",
    "2027-12-31",
  ],
};

describe("workCalendar from date-holidays", () => {
  for (const year of [2026, 2027]) {
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
      "skipped Thu 26 Nov (Thanksgiving Day)",
      "skipped weekend 28 to 29 Nov",
    ]);
  });

  it("a calendar limit ending on the observed Fourth of July (Fri 3 Jul 2026) rolls to Monday 6 July", () => {
    const r = computeDueDate({
      from: "2026-06-03",
      fromLabel: "answered",
      heading: "Appeal to Step 2",
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
        "skipped Fri 3 Apr (Good Friday)",
        "skipped weekend 4 to 5 Apr",
        "skipped Mon 6 Apr (Easter Monday)",
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
      heading: "Filing",
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
      heading: "Filing",
      limit: { days: 1, dayType: "business" },
      calendar: kr,
    });
    expect(r.dueDate).toBe("2026-09-28");
    expect(r.explanation).toEqual([
      "Filing: 1 business day from Wed 23 Sep 2026 (filed)",
      "skipped Thu 24 Sep (Korean Thanksgiving)",
      "skipped Fri 25 Sep (Korean Thanksgiving)",
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
