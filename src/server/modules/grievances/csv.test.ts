import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvRow(["a", 'say "hi"', "x,y"])).toBe('"a","say ""hi""","x,y"\r\n');
  });
  it("neutralises spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1")).toBe('"\'+1"');
    expect(csvCell("-2")).toBe('"\'-2"');
    expect(csvCell("@x")).toBe('"\'@x"');
  });
});
