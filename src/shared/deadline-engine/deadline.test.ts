import { describe, expect, it } from "vitest";
import { asLines, fromLabel, heading, inEnglish } from "../../../tests/support/lines.ts";
import * as engine from "./index.ts";
import { isBusinessDay, type Limit, nextBusinessDay, type WorkCalendar } from "./index.ts";

/**
 * The engine as it answered before issue 31, with its explanation in English: the lines are
 * kinds and parameters now, rendered here through the English catalogue.
 */
type Words<T> = Omit<T, "heading" | "fromLabel" | "explanation"> & {
  heading: string;
  fromLabel: string;
};
const computeDueDate = (a: Words<Parameters<typeof engine.computeDueDate>[0]>) =>
  inEnglish(
    engine.computeDueDate({ ...a, heading: heading(a.heading), fromLabel: fromLabel(a.fromLabel) }),
  );
type Paused<T> = Omit<T, "explanation"> & { explanation: string[] };
const shiftForHold = (a: Paused<Parameters<typeof engine.shiftForHold>[0]>) =>
  inEnglish(engine.shiftForHold({ ...a, explanation: asLines(a.explanation) }));
const shiftForInformation = (a: Paused<Parameters<typeof engine.shiftForInformation>[0]>) =>
  inEnglish(engine.shiftForInformation({ ...a, explanation: asLines(a.explanation) }));

/** A calendar with the named days of a test; the server's comes from date-holidays. */
function calendar(holidays: Record<string, string> = {}, closures: Record<string, string> = {}) {
  return {
    holidayName: (d: string) => holidays[d] ?? null,
    closureName: (d: string) => closures[d] ?? null,
  } satisfies WorkCalendar;
}
const thanksgiving = { "2026-11-26": "Thanksgiving Day", "2026-12-25": "Christmas Day" };
const business = (days: number): Limit => ({ days, dayType: "business" });
const calendarDays = (days: number): Limit => ({ days, dayType: "calendar" });

function due(from: string, limit: Limit, cal: WorkCalendar = calendar()) {
  return computeDueDate({
    from,
    fromLabel: "filed",
    heading: "Filing limit",
    limit,
    calendar: cal,
  });
}

describe("computeDueDate: business days", () => {
  it("skips a holiday and weekends, and explains each (the issue's example)", () => {
    const r = computeDueDate({
      from: "2026-11-23",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: business(10),
      calendar: calendar(thanksgiving),
    });
    expect(r).toEqual({
      dueDate: "2026-12-08",
      explanation: [
        "Employer answer to Step 1: 10 business days from Mon 23 Nov 2026 (filed)",
        "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
        "skipped weekend 28 to 29 Nov",
        "skipped weekend 5 to 6 Dec",
        "due Tue 8 Dec 2026",
      ],
    });
  });

  it("5 business days from Monday 23 November are due Tuesday 1 December", () => {
    expect(due("2026-11-23", business(5), calendar(thanksgiving)).dueDate).toBe("2026-12-01");
  });

  it("counts from the day after the event: 1 business day from a Monday is Tuesday", () => {
    expect(due("2026-11-23", business(1))).toEqual({
      dueDate: "2026-11-24",
      explanation: [
        "Filing limit: 1 business day from Mon 23 Nov 2026 (filed)",
        "due Tue 24 Nov 2026",
      ],
    });
  });

  it("from a Friday, 1 business day is the Monday after the weekend", () => {
    const r = due("2026-11-27", business(1));
    expect(r.dueDate).toBe("2026-11-30");
    expect(r.explanation).toContain("skipped weekend 28 to 29 Nov");
  });

  it("an event on a Saturday skips only the Sunday, named alone", () => {
    const r = due("2026-11-28", business(1));
    expect(r.dueDate).toBe("2026-11-30");
    expect(r.explanation).toContain("skipped Sun 29 Nov (weekend)");
  });

  it("an event on a holiday counts from the next day without naming the event's day", () => {
    const r = due("2026-11-26", business(1), calendar(thanksgiving));
    expect(r.dueDate).toBe("2026-11-27");
    expect(r.explanation).toHaveLength(2);
  });

  it("names a weekend that spans two months, and one that spans two years", () => {
    expect(due("2026-10-30", business(1)).explanation[1]).toBe("skipped weekend 31 Oct to 1 Nov");
    const newYear = due("2022-12-30", business(1));
    expect(newYear.dueDate).toBe("2023-01-02");
    expect(newYear.explanation[1]).toBe("skipped weekend 31 Dec 2022 to 1 Jan 2023");
  });

  it("skips the local's closure days, named, along with holidays", () => {
    const cal = calendar(thanksgiving, { "2026-11-24": "Union office closed" });
    expect(due("2026-11-23", business(2), cal)).toEqual({
      dueDate: "2026-11-27",
      explanation: [
        "Filing limit: 2 business days from Mon 23 Nov 2026 (filed)",
        "skipped Tue 24 Nov (Union office closed)",
        "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
        "due Fri 27 Nov 2026",
      ],
    });
  });

  it("a day that is both a holiday and a closure is named once, as the holiday", () => {
    const cal = calendar(thanksgiving, { "2026-11-26": "Office closed" });
    const r = due("2026-11-25", business(1), cal);
    expect(r.explanation).toEqual([
      "Filing limit: 1 business day from Wed 25 Nov 2026 (filed)",
      "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
      "due Fri 27 Nov 2026",
    ]);
  });

  it("365 business days are 73 weeks plus one day for each holiday inside", () => {
    // Mon 5 Jan 2026 + 73 weeks = Mon 31 May 2027; Thanksgiving and Christmas 2026 add two.
    const r = due("2026-01-05", business(365), calendar(thanksgiving));
    expect(r.dueDate).toBe("2027-06-02");
    expect(r.explanation.at(-1)).toBe("due Wed 2 Jun 2027");
  });
});

describe("computeDueDate: calendar days", () => {
  it("counts every day when the last one is a business day", () => {
    expect(due("2026-11-23", calendarDays(30), calendar(thanksgiving))).toEqual({
      dueDate: "2026-12-23",
      explanation: [
        "Filing limit: 30 calendar days from Mon 23 Nov 2026 (filed)",
        "due Wed 23 Dec 2026",
      ],
    });
  });

  it("counts weekends and holidays inside the period", () => {
    // 23 Nov + 7 = Mon 30 Nov, over Thanksgiving and a weekend, with nothing skipped.
    const r = due("2026-11-23", calendarDays(7), calendar(thanksgiving));
    expect(r.dueDate).toBe("2026-11-30");
    expect(r.explanation).toHaveLength(2);
  });

  it("rolls a due date on a weekend forward to the Monday", () => {
    expect(due("2026-11-23", calendarDays(12))).toEqual({
      dueDate: "2026-12-07",
      explanation: [
        "Filing limit: 12 calendar days from Mon 23 Nov 2026 (filed)",
        "day 12 is Sat 5 Dec 2026, not a business day: moved to the next one",
        "skipped weekend 5 to 6 Dec",
        "due Mon 7 Dec 2026",
      ],
    });
  });

  it("rolls past a holiday", () => {
    const r = due("2026-11-23", calendarDays(3), calendar(thanksgiving));
    expect(r.dueDate).toBe("2026-11-27");
    expect(r.explanation).toContain("skipped Thu 26 Nov (Thanksgiving Day, public holiday)");
  });

  it("rolls past a weekend then a closure day", () => {
    const cal = calendar(thanksgiving, { "2026-12-28": "Office closed" });
    expect(due("2026-12-23", calendarDays(3), cal)).toEqual({
      dueDate: "2026-12-29",
      explanation: [
        "Filing limit: 3 calendar days from Wed 23 Dec 2026 (filed)",
        "day 3 is Sat 26 Dec 2026, not a business day: moved to the next one",
        "skipped weekend 26 to 27 Dec",
        "skipped Mon 28 Dec (Office closed)",
        "due Tue 29 Dec 2026",
      ],
    });
  });

  it("says 1 calendar day in the singular", () => {
    expect(due("2026-11-23", calendarDays(1)).explanation[0]).toBe(
      "Filing limit: 1 calendar day from Mon 23 Nov 2026 (filed)",
    );
  });

  it("refuses a limit outside 1 to 365 whole days", () => {
    for (const days of [0, -1, 366, 2.5]) {
      expect(() => due("2026-11-23", calendarDays(days))).toThrow(RangeError);
    }
  });

  it("refuses a date that does not exist", () => {
    expect(() => due("2027-02-29", calendarDays(1))).toThrow(RangeError);
  });
});

describe("nextBusinessDay (an extension onto a day off, issue 30)", () => {
  it("skips weekends, holidays and closures, and is the day after a business day", () => {
    const cal = calendar(
      { "2026-12-25": "Christmas Day", "2027-01-01": "New Year's Day" },
      { "2026-12-28": "Office closed" },
    );
    expect(isBusinessDay("2026-12-25", cal)).toBe(false);
    // Fri 25 Dec (holiday), the weekend, Mon 28 (closure): Tue 29 Dec.
    expect(nextBusinessDay("2026-12-25", cal)).toBe("2026-12-29");
    expect(nextBusinessDay("2026-12-31", cal)).toBe("2027-01-04");
    expect(nextBusinessDay("2026-12-29", cal)).toBe("2026-12-30");
  });
});

describe("leap years", () => {
  it("29 February 2028 exists and is counted", () => {
    expect(due("2028-02-28", calendarDays(1)).dueDate).toBe("2028-02-29");
    expect(due("2028-02-28", calendarDays(2)).dueDate).toBe("2028-03-01");
    expect(due("2028-02-25", business(10))).toMatchObject({ dueDate: "2028-03-10" });
    expect(due("2028-02-25", business(2)).explanation.at(-1)).toBe("due Tue 29 Feb 2028");
  });

  it("a year has 366 days across 29 February, 365 otherwise", () => {
    expect(due("2028-02-29", calendarDays(365)).dueDate).toBe("2029-02-28");
    expect(due("2027-02-28", calendarDays(1)).dueDate).toBe("2027-03-01");
    // 28 Feb 2027 is a Sunday: one calendar day is Monday 1 March, a business day.
    expect(due("2027-02-26", calendarDays(1)).dueDate).toBe("2027-03-01");
  });

  it("centuries: 2100 is not a leap year", () => {
    expect(due("2100-02-28", calendarDays(1)).dueDate).toBe("2100-03-01");
  });
});

describe("shiftForHold", () => {
  const cal = calendar(thanksgiving);
  const opened = computeDueDate({
    from: "2026-11-23",
    fromLabel: "filed",
    heading: "Employer answer to Step 1",
    limit: business(10),
    calendar: cal,
  });

  it("moves a business deadline by the business days held, across a weekend and a holiday", () => {
    // Held after Wed 25 Nov up to Thu 3 Dec: Thanksgiving and the weekend are not counted,
    // so 27, 30 Nov, 1, 2, 3 Dec = 5 business days.
    const r = shiftForHold({
      ...opened,
      heldOn: "2026-11-25",
      resumedOn: "2026-12-03",
      dayType: "business",
      calendar: cal,
    });
    expect(r.dueDate).toBe("2026-12-15");
    expect(r.explanation).toEqual([
      ...opened.explanation,
      "on hold from Wed 25 Nov 2026 to Thu 3 Dec 2026: 5 business days held",
      "moved by 5 business days from Tue 8 Dec 2026",
      "skipped weekend 12 to 13 Dec",
      "due Tue 15 Dec 2026",
    ]);
  });

  it("moves a calendar deadline by the calendar days held and rolls it off a holiday", () => {
    const thirty = due("2026-11-23", calendarDays(30), cal);
    const r = shiftForHold({
      ...thirty,
      heldOn: "2026-11-25",
      resumedOn: "2026-11-27",
      dayType: "calendar",
      calendar: cal,
    });
    expect(r).toEqual({
      dueDate: "2026-12-28",
      explanation: [
        ...thirty.explanation,
        "on hold from Wed 25 Nov 2026 to Fri 27 Nov 2026: 2 calendar days held",
        "moved by 2 calendar days from Wed 23 Dec 2026",
        "Fri 25 Dec 2026 is not a business day: moved to the next one",
        "skipped Fri 25 Dec (Christmas Day, public holiday)",
        "skipped weekend 26 to 27 Dec",
        "due Mon 28 Dec 2026",
      ],
    });
  });

  it("a hold over only a weekend and a holiday holds no business days", () => {
    const r = shiftForHold({
      ...opened,
      heldOn: "2026-11-25",
      resumedOn: "2026-11-26",
      dayType: "business",
      calendar: cal,
    });
    expect(r.dueDate).toBe("2026-12-08");
    expect(r.explanation.slice(-2)).toEqual([
      "on hold from Wed 25 Nov 2026 to Thu 26 Nov 2026: 0 business days held",
      "due date unchanged: Tue 8 Dec 2026",
    ]);
  });

  it("a hold resumed the day it began changes nothing", () => {
    const r = shiftForHold({
      ...opened,
      heldOn: "2026-11-30",
      resumedOn: "2026-11-30",
      dayType: "calendar",
      calendar: cal,
    });
    expect(r.dueDate).toBe(opened.dueDate);
  });

  it("does not change the explanation it was given", () => {
    const before = [...opened.explanation];
    shiftForHold({
      ...opened,
      heldOn: "2026-11-24",
      resumedOn: "2026-11-30",
      dayType: "business",
      calendar: cal,
    });
    expect(opened.explanation).toEqual(before);
  });

  it("refuses a hold that ends before it starts", () => {
    expect(() =>
      shiftForHold({
        ...opened,
        heldOn: "2026-11-30",
        resumedOn: "2026-11-29",
        dayType: "business",
        calendar: cal,
      }),
    ).toThrow(RangeError);
  });
});

describe("shiftForInformation: tolling while information is withheld", () => {
  const cal = calendar(thanksgiving);
  it("a business deadline stops counting from service to the last answer", () => {
    const opened = computeDueDate({
      from: "2026-11-23",
      fromLabel: "filed",
      heading: "Employer answer to Step 1",
      limit: business(10),
      calendar: cal,
    });
    // Served Tue 24 Nov, answered Wed 2 Dec: 25, 27, 30 Nov, 1, 2 Dec = 5 business days.
    const r = shiftForInformation({
      ...opened,
      servedOn: "2026-11-24",
      answeredOn: "2026-12-02",
      dayType: "business",
      calendar: cal,
    });
    expect(r).toEqual({
      dueDate: "2026-12-15",
      explanation: [
        ...opened.explanation,
        "information request pending from Tue 24 Nov 2026 to Wed 2 Dec 2026: 5 business days tolled",
        "moved by 5 business days from Tue 8 Dec 2026",
        "skipped weekend 12 to 13 Dec",
        "due Tue 15 Dec 2026",
      ],
    });
  });

  it("a calendar deadline moves by every day pending and rolls off a weekend", () => {
    const thirty = due("2026-11-23", calendarDays(30), cal);
    // Due Wed 23 Dec; 10 days pending (after 1 Dec up to 11 Dec) make Sat 2 Jan, rolled to Mon.
    const r = shiftForInformation({
      ...thirty,
      servedOn: "2026-12-01",
      answeredOn: "2026-12-11",
      dayType: "calendar",
      calendar: cal,
    });
    expect(r.dueDate).toBe("2027-01-04");
    expect(r.explanation.slice(thirty.explanation.length)).toEqual([
      "information request pending from Tue 1 Dec 2026 to Fri 11 Dec 2026: 10 calendar days tolled",
      "moved by 10 calendar days from Wed 23 Dec 2026",
      "Sat 2 Jan 2027 is not a business day: moved to the next one",
      "skipped weekend 2 to 3 Jan",
      "due Mon 4 Jan 2027",
    ]);
  });

  it("answered the day it was served tolls nothing", () => {
    const thirty = due("2026-11-23", calendarDays(30), cal);
    const r = shiftForInformation({
      ...thirty,
      servedOn: "2026-12-01",
      answeredOn: "2026-12-01",
      dayType: "calendar",
      calendar: cal,
    });
    expect(r.dueDate).toBe(thirty.dueDate);
    expect(r.explanation.at(-1)).toBe("due date unchanged: Wed 23 Dec 2026");
  });
});

describe("edge cases", () => {
  it("a calendar limit ending on a long run of closures rolls past all of them", () => {
    // The office closes between Christmas and New Year: the due date leaves the year.
    const closed = {
      "2026-12-28": "Closed",
      "2026-12-29": "Closed",
      "2026-12-30": "Closed",
      "2026-12-31": "Closed",
    };
    const cal = calendar({ "2026-12-25": "Christmas Day", "2027-01-01": "New Year's Day" }, closed);
    const r = due("2026-12-22", calendarDays(3), cal);
    expect(r.dueDate).toBe("2027-01-04");
    expect(r.explanation).toEqual([
      "Filing limit: 3 calendar days from Tue 22 Dec 2026 (filed)",
      "day 3 is Fri 25 Dec 2026, not a business day: moved to the next one",
      "skipped Fri 25 Dec (Christmas Day, public holiday)",
      "skipped weekend 26 to 27 Dec",
      "skipped Mon 28 Dec (Closed)",
      "skipped Tue 29 Dec (Closed)",
      "skipped Wed 30 Dec (Closed)",
      "skipped Thu 31 Dec (Closed)",
      "skipped Fri 1 Jan (New Year's Day, public holiday)",
      "skipped weekend 2 to 3 Jan",
      "due Mon 4 Jan 2027",
    ]);
  });

  it("a business limit that starts on a Sunday counts from Monday", () => {
    expect(due("2026-11-29", business(1)).dueDate).toBe("2026-11-30");
    expect(due("2026-11-29", business(5)).dueDate).toBe("2026-12-04");
  });

  it("a calendar limit whose last day is a Sunday rolls to Monday, naming the Sunday alone", () => {
    const r = due("2026-11-23", calendarDays(13));
    expect(r.dueDate).toBe("2026-12-07");
    expect(r.explanation).toContain("skipped Sun 6 Dec (weekend)");
  });

  it("business and calendar agree when nothing is in the way of five weekdays", () => {
    // Mon + 4 calendar days is Fri; 4 business days from Mon is Fri too.
    expect(due("2026-11-30", calendarDays(4)).dueDate).toBe(due("2026-11-30", business(4)).dueDate);
  });

  it("a holiday on a weekend is skipped as weekend (the observed weekday does the work)", () => {
    const cal = calendar({
      "2026-07-03": "Independence Day (substitute day)",
      "2026-07-04": "Independence Day",
    });
    const r = due("2026-07-02", business(1), cal);
    expect(r.dueDate).toBe("2026-07-06");
    expect(r.explanation).toEqual([
      "Filing limit: 1 business day from Thu 2 Jul 2026 (filed)",
      "skipped Fri 3 Jul (Independence Day (substitute day), public holiday)",
      "skipped weekend 4 to 5 Jul",
      "due Mon 6 Jul 2026",
    ]);
  });

  it("a calendar that closes every day is refused rather than looped on forever", () => {
    const always = { holidayName: () => "Closed", closureName: () => null };
    expect(() => due("2026-11-23", business(1), always)).toThrow(RangeError);
    expect(() => due("2026-11-23", calendarDays(1), always)).toThrow(RangeError);
  });

  it("a hold moving a calendar deadline into the next year and over 29 February", () => {
    const r = shiftForHold({
      dueDate: "2028-02-25",
      explanation: ["due Fri 25 Feb 2028"],
      heldOn: "2028-01-31",
      resumedOn: "2028-02-04",
      dayType: "calendar",
      calendar: calendar(),
    });
    // 4 calendar days held: Fri 25 Feb + 4 = Tue 29 Feb 2028.
    expect(r.dueDate).toBe("2028-02-29");
    expect(r.explanation.at(-1)).toBe("due Tue 29 Feb 2028");
  });

  it("a business hold that ends on a closure counts only the business days before it", () => {
    const cal = calendar({}, { "2026-11-27": "Union office closed" });
    // Held after Mon 23 Nov up to Fri 27 Nov: 24, 25, 26 Nov = 3 business days (27 is closed).
    const r = shiftForHold({
      dueDate: "2026-12-01",
      explanation: [],
      heldOn: "2026-11-23",
      resumedOn: "2026-11-27",
      dayType: "business",
      calendar: cal,
    });
    expect(r.explanation[0]).toBe(
      "on hold from Mon 23 Nov 2026 to Fri 27 Nov 2026: 3 business days held",
    );
    expect(r.dueDate).toBe("2026-12-04");
  });
});

describe("contract holidays (issue 30)", () => {
  const cal: WorkCalendar = {
    holidayName: (d) => ({ "2026-11-26": "Thanksgiving Day" })[d] ?? null,
    contractHolidayName: (d) =>
      ({ "2026-11-26": "Thanksgiving (contract)", "2026-11-27": "Day after Thanksgiving" })[d] ??
      null,
    closureName: (d) => (d === "2026-11-27" ? "Office closed" : null),
  };

  it("names a contract holiday as the contract's, over a public holiday or a closure on that day", () => {
    expect(due("2026-11-25", business(1), cal)).toEqual({
      dueDate: "2026-11-30",
      explanation: [
        "Filing limit: 1 business day from Wed 25 Nov 2026 (filed)",
        "skipped Thu 26 Nov (Thanksgiving (contract), contract holiday)",
        "skipped Fri 27 Nov (Day after Thanksgiving, contract holiday)",
        "skipped weekend 28 to 29 Nov",
        "due Mon 30 Nov 2026",
      ],
    });
    expect(isBusinessDay("2026-11-27", cal)).toBe(false);
    expect(nextBusinessDay("2026-11-25", cal)).toBe("2026-11-30");
  });

  it("a calendar without contract holidays counts as before", () => {
    expect(due("2026-11-25", business(1), calendar(thanksgiving)).explanation[1]).toBe(
      "skipped Thu 26 Nov (Thanksgiving Day, public holiday)",
    );
  });
});
