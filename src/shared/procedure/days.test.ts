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
