import { describe, expect, it } from "vitest";
import { defaultSubject, eventLine, grievantMaySee, ZGrievanceInput } from "./grievances.ts";

const filing = {
  name: "Jordan Lee",
  badgeNumber: "M-1",
  jobTitle: "Operator",
  department: "Manufacturing",
  location: "Main Office",
  description: "Overtime was given out of seniority order.",
  remedy: "Pay the missed overtime.",
};

describe("defaultSubject", () => {
  it("keeps a short description and cuts a long one at a word, with an ellipsis", () => {
    expect(defaultSubject("  Breaks   denied on line 4 ")).toBe("Breaks denied on line 4");
    const long = defaultSubject(`${"Mandatory overtime without notice, ".repeat(5)}again.`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^Mandatory overtime without notice, .*notice…$/);
  });
});

describe("ZGrievanceInput", () => {
  it("takes the optional subject, incident date and articles", () => {
    const plain = ZGrievanceInput.parse(filing);
    expect(plain.articles).toEqual([]);
    expect(plain.incidentDate).toBeUndefined();
    expect(ZGrievanceInput.parse({ ...filing, incidentDate: "" }).incidentDate).toBeUndefined();
    expect(
      ZGrievanceInput.parse({ ...filing, incidentDate: "2028-02-29", articles: [" Art. 12.3 "] }),
    ).toMatchObject({ incidentDate: "2028-02-29", articles: ["Art. 12.3"] });
    for (const bad of [
      { incidentDate: "2027-02-29" },
      { incidentDate: "23/11/2026" },
      { subject: "x".repeat(121) },
      { articles: Array.from({ length: 21 }, (_, i) => `Art. ${i}`) },
    ]) {
      expect(ZGrievanceInput.safeParse({ ...filing, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });
});

describe("what a grievant may see", () => {
  it("is everything but internal notes, which read as such", () => {
    expect(grievantMaySee("comment")).toBe(true);
    expect(grievantMaySee("appeal")).toBe(true);
    expect(grievantMaySee("note")).toBe(false);
    expect(eventLine({ kind: "note", status: null, text: "x" })).toEqual({
      kind: "note",
      params: { text: "x" },
    });
    expect(eventLine({ kind: "status", status: "pending", text: "HR asked" })).toEqual({
      kind: "markedPending",
      params: { note: "HR asked" },
    });
  });
});
