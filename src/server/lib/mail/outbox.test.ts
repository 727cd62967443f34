import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./outbox.ts";

describe("backoffSeconds", () => {
  it("starts at 5 s and doubles", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
  });
  it("never waits more than an hour", () => {
    expect(backoffSeconds(30)).toBe(3600);
  });
});
