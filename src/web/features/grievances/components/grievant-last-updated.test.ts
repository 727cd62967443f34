import { describe, expect, it } from "vitest";
import { daysSince } from "./GrievantLastUpdated.tsx";

describe("daysSince", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("counts whole days", () => {
    expect(daysSince("2026-11-23T01:00:00Z", now)).toBe(0);
    expect(daysSince("2026-11-22T11:59:00Z", now)).toBe(1);
    expect(daysSince("2026-11-09T12:00:00Z", now)).toBe(14);
  });
  it("never goes negative for a clock slightly ahead", () => {
    expect(daysSince("2026-11-23T12:00:05Z", now)).toBe(0);
  });
});
