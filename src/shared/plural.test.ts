import { describe, expect, it } from "vitest";
import { countOf } from "./plural.ts";

describe("countOf", () => {
  it("uses the singular for exactly one", () => {
    expect(countOf(1, "grievance")).toBe("1 grievance");
    expect(countOf(1, "member")).toBe("1 member");
  });

  it("uses the plural for zero and many, with thousands separators", () => {
    expect(countOf(0, "member")).toBe("0 members");
    expect(countOf(2, "grievance")).toBe("2 grievances");
    expect(countOf(1200, "document")).toBe("1,200 documents");
  });

  it("takes an irregular plural", () => {
    expect(countOf(3, "match", "matches")).toBe("3 matches");
  });
});
