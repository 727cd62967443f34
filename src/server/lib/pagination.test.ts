import { describe, expect, it } from "vitest";
import { type Cursor, decodeCursor, encodeCursor, page } from "./pagination.ts";

const id = "0b8f0c4e-8c1a-4b7e-9a55-2f4c0c7d9e11";
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("cursors", () => {
  it("round-trips a real key, microseconds included", () => {
    const cursor = { key: "2026-11-23T10:00:00.123456Z", id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it("refuses keys of the right shape that are no instant (PostgreSQL would throw)", () => {
    for (const key of [
      "2026-13-45T25:61:00.000000Z",
      "2026-02-30T10:00:00.000000Z",
      "2026-11-23T24:00:00.000000Z",
      "2026-11-23T10:00:00.123Z",
    ]) {
      expect(() => decodeCursor(encodeCursor({ key, id }))).toThrow(/not valid any more/);
    }
  });

  it("refuses what is not a cursor at all", () => {
    for (const value of ["%00", "bm90IGpzb24", encodeCursor({ key: "x", id }), raw([1, 2, 3])]) {
      expect(() => decodeCursor(value)).toThrow(/not valid any more/);
    }
  });

  it("checks each list's own shape: dates, text keys, no key, text ids", () => {
    const dated = { key: "date", id: "uuid" } as const;
    expect(decodeCursor(encodeCursor({ key: "2026-02-28", id }), dated)).toEqual({
      key: "2026-02-28",
      id,
    });
    expect(decodeCursor(encodeCursor({ key: "infinity", id }), dated)?.key).toBe("infinity");
    expect(() => decodeCursor(encodeCursor({ key: "2026-02-30", id }), dated)).toThrow();
    expect(() => decodeCursor(encodeCursor({ key: "2026-02-28", id: "G-1" }), dated)).toThrow();

    const byName = { key: "text", id: "text" } as const;
    const named = { key: "Rosa O'Neil", id: "G-2026-0001" };
    expect(decodeCursor(encodeCursor(named), byName)).toEqual(named);
    expect(() => decodeCursor(encodeCursor({ key: "x".repeat(1001), id: "a" }), byName)).toThrow();
    expect(() => decodeCursor(encodeCursor({ key: "x", id: "" }), byName)).toThrow();

    const byId = { key: "none", id: "text" } as const;
    expect(decodeCursor(encodeCursor({ key: null, id: "G-2026-0001" }), byId)).toEqual({
      key: null,
      id: "G-2026-0001",
    });
    expect(() => decodeCursor(encodeCursor({ key: "x", id: "G-2026-0001" }), byId)).toThrow();
  });
});

describe("page", () => {
  const rows = [1, 2, 3].map((n) => ({ id: `id-${n}`, sortKey: `k${n}` }));

  it("gives the cursor of the page's last row when one more row was fetched", () => {
    const { items, nextCursor } = page(rows, 2);
    expect(items.map((r) => r.id)).toEqual(["id-1", "id-2"]);
    expect(JSON.parse(Buffer.from(nextCursor ?? "", "base64url").toString())).toEqual([
      "k2",
      "id-2",
    ]);
    expect(page(rows, 3).nextCursor).toBeNull();
  });

  it("takes the list's own cursor of a row", () => {
    const cursorOf = (r: { id: string }): Cursor => ({ key: null, id: r.id });
    const { nextCursor } = page(rows, 1, cursorOf);
    expect(JSON.parse(Buffer.from(nextCursor ?? "", "base64url").toString())).toEqual([
      null,
      "id-1",
    ]);
  });
});
