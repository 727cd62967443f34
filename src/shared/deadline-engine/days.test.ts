import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatDay,
  formatLongDay,
  isIsoDate,
  isTimeZone,
  todayIn,
} from "./index.ts";

describe("todayIn: a local's day is its own time zone's day", () => {
  it("the same instant is 23 November in Los Angeles and already 24 November in Auckland", () => {
    // Auckland is UTC+13 in November (daylight time), Los Angeles UTC-8.
    const lateEvening = new Date("2026-11-23T10:59:59Z");
    expect(todayIn("Pacific/Auckland", lateEvening)).toBe("2026-11-23");
    expect(todayIn("America/Los_Angeles", lateEvening)).toBe("2026-11-23");
    const aucklandMidnight = new Date("2026-11-23T11:00:00Z");
    expect(todayIn("Pacific/Auckland", aucklandMidnight)).toBe("2026-11-24");
    expect(todayIn("America/Los_Angeles", aucklandMidnight)).toBe("2026-11-23");
  });

  it("turns over at Los Angeles midnight, 08:00 UTC in winter", () => {
    expect(todayIn("America/Los_Angeles", new Date("2026-11-24T07:59:59Z"))).toBe("2026-11-23");
    expect(todayIn("America/Los_Angeles", new Date("2026-11-24T08:00:00Z"))).toBe("2026-11-24");
    expect(todayIn("Pacific/Auckland", new Date("2026-11-24T08:00:00Z"))).toBe("2026-11-24");
  });

  it("answers each instant's own day when asked many times around a midnight (it remembers the last second's)", () => {
    // Kathmandu is UTC+05:45: its midnight is 18:15:00 UTC.
    const asked = [
      ["2026-11-23T18:14:59.000Z", "2026-11-23"],
      ["2026-11-23T18:14:59.999Z", "2026-11-23"],
      ["2026-11-23T18:15:00.000Z", "2026-11-24"],
      ["2026-11-23T18:14:59.500Z", "2026-11-23"],
      ["2026-11-23T18:15:00.001Z", "2026-11-24"],
    ] as const;
    for (let round = 0; round < 2; round++) {
      for (const [at, day] of asked) expect(todayIn("Asia/Kathmandu", new Date(at))).toBe(day);
    }
    expect(todayIn("Asia/Kathmandu", new Date("2026-11-23T18:15:00.000Z"))).toBe("2026-11-24");
    expect(todayIn("America/Los_Angeles", new Date("2026-11-23T18:15:00.000Z"))).toBe("2026-11-23");
  });

  it("follows daylight saving: Los Angeles midnight moves from 08:00 to 07:00 UTC on 8 March 2026", () => {
    expect(todayIn("America/Los_Angeles", new Date("2026-03-08T07:59:59Z"))).toBe("2026-03-07");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-08T08:00:00Z"))).toBe("2026-03-08");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-09T06:59:59Z"))).toBe("2026-03-08");
    expect(todayIn("America/Los_Angeles", new Date("2026-03-09T07:00:00Z"))).toBe("2026-03-09");
  });

  it("follows daylight saving's end in Auckland (5 April 2026): midnight from 11:00 to 12:00 UTC", () => {
    expect(todayIn("Pacific/Auckland", new Date("2026-04-03T10:59:59Z"))).toBe("2026-04-03");
    expect(todayIn("Pacific/Auckland", new Date("2026-04-03T11:00:00Z"))).toBe("2026-04-04");
    expect(todayIn("Pacific/Auckland", new Date("2026-04-05T11:59:59Z"))).toBe("2026-04-05");
    expect(todayIn("Pacific/Auckland", new Date("2026-04-05T12:00:00Z"))).toBe("2026-04-06");
  });

  it("New York after falling back on 1 November 2026: midnight is 05:00 UTC", () => {
    expect(todayIn("America/New_York", new Date("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
    expect(todayIn("America/New_York", new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("refuses a time zone that does not exist", () => {
    expect(() => todayIn("Mars/Olympus_Mons", new Date())).toThrow(RangeError);
  });
});

describe("days", () => {
  it("counts calendar days whatever daylight saving does", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-11-01", "2026-11-02")).toBe(1);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-12-08", "2026-11-23")).toBe(-15);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });

  it("formats a day as a case file prints it", () => {
    expect(formatDay("2026-12-08")).toBe("Tue 8 Dec 2026");
    expect(formatDay("2028-02-29")).toBe("Tue 29 Feb 2028");
    expect(formatLongDay("2026-11-23")).toBe("Monday 23 November");
    expect(formatLongDay("2026-12-01")).toBe("Tuesday 1 December");
  });

  it("knows which dates exist", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    for (const bad of [
      "2027-02-29",
      "2100-02-29",
      "2026-13-01",
      "2026-11-31",
      "26-11-23",
      "2026-1-5",
      "",
    ]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });

  it("knows IANA time zones", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Pacific/Auckland")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("dates are read and written by numbers", () => {
  // The first definitions, by printing the date back: the numeric ones must agree everywhere.
  const printed = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const wasIsoDate = (value: string) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return !!m && printed(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value;
  };
  const years = [
    ...Array.from({ length: 130 }, (_, i) => i),
    ...Array.from({ length: 11 }, (_, i) => 1895 + i),
    ...Array.from({ length: 110 }, (_, i) => 1995 + i),
    2400,
    9998,
    9999,
  ];
  const pad = (n: number, width: number) => String(n).padStart(width, "0");

  it("accept and refuse the same strings as before, month 00 to 13 and day 00 to 32", () => {
    let accepted = 0;
    for (const y of years) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isIsoDate(value), value).toBe(wasIsoDate(value));
          if (wasIsoDate(value)) accepted++;
        }
      }
    }
    // Years 100 to 129, 1895 to 1905, 1995 to 2104, 2400, 9998 and 9999: 154 years of 365 days
    // and 37 leap days (100, 1900 and 2100 have none; 2000 and 2400 do).
    expect(accepted).toBe(154 * 365 + 37);
    for (const bad of ["2026-1-01", "2026-01-1", " 2026-01-01", "20260101", "2026-02-29"]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });

  it("add and count days as before, across leap days, centuries and the year 1000", () => {
    for (const start of ["0999-12-31", "1899-12-31", "1999-02-28", "2000-02-28", "2100-02-28"]) {
      for (const n of [-800, -366, -1, 0, 1, 59, 365, 366, 800]) {
        expect(addDays(start, n), `${start} ${n}`).toBe(
          printed(new Date(`${start}T00:00:00Z`).getTime() + n * 86_400_000),
        );
        expect(daysBetween(start, addDays(start, n))).toBe(n);
      }
    }
  });
});
