import { describe, expect, it } from "vitest";
import { csvFileName, toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("quotes what needs quoting and leaves empty cells for null", () => {
    expect(
      toCsv(
        ["Key", "Filed"],
        [
          ["Art. 12.3, Overtime", 3],
          ['Say "no"', null],
        ],
      ),
    ).toBe('Key,Filed\r\n"Art. 12.3, Overtime",3\r\n"Say ""no""",\r\n');
  });
  it("defuses spreadsheet formulas but not negative numbers", () => {
    expect(toCsv(["a", "b"], [["=SUM(A1)", -2]])).toBe("a,b\r\n'=SUM(A1),-2\r\n");
  });
  it("names the file after the chart and the range", () => {
    expect(csvFileName("Filed and closed by month", "2026-01-01", "2026-03-31")).toBe(
      "filed-and-closed-by-month-2026-01-01-to-2026-03-31.csv",
    );
  });
  it("drops accents from a title in another language", () => {
    expect(csvFileName("Por artículo", "2026-01-01", "2026-03-31")).toBe(
      "por-articulo-2026-01-01-to-2026-03-31.csv",
    );
  });
});
