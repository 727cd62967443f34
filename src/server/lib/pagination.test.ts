import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./pagination.ts";

const id = "0b8f0c4e-8c1a-4b7e-9a55-2f4c0c7d9e11";

describe("cursors", () => {
  it("round-trips a real key", () => {
    const cursor = { key: "2026-11-23T10:00:00.123456Z", id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("refuses keys of the right shape that are no instant (PostgreSQL would throw)", () => {
    for (const key of [
      "2026-13-45T25:61:00.000000Z",
      "2026-02-30T10:00:00.000000Z",
      "2026-11-23T24:00:00.000000Z",
    ]) {
      expect(() => decodeCursor(encodeCursor({ key, id }))).toThrow(/not valid any more/);
    }
  });

  it("refuses what is not a cursor at all", () => {
    for (const value of ["%00", "bm90IGpzb24", encodeCursor({ key: "x", id })]) {
      expect(() => decodeCursor(value)).toThrow(/not valid any more/);
    }
  });
});
