import { describe, expect, it } from "vitest";
import { prefillFromQuery } from "./submit-prefill.ts";

const q = (s: string) => new URLSearchParams(s);

describe("prefillFromQuery", () => {
  it("reads type, articles and related ids for a steward", () => {
    expect(
      prefillFromQuery(
        q(
          "type=policy&articles=Art.%2012.3%20Overtime&related=G-2026-0001,%20g-2026-0002,,G-2026-0001",
        ),
        true,
      ),
    ).toEqual({
      type: "policy",
      articles: ["Art. 12.3 Overtime"],
      relatedIds: ["G-2026-0001", "G-2026-0002"],
    });
  });

  it("splits several articles and drops blanks and repeats", () => {
    expect(
      prefillFromQuery(q("articles=Art. 4; Art. 7&articles=Art. 4&articles="), true).articles,
    ).toEqual(["Art. 4", "Art. 7"]);
  });

  it("gives a member an individual grievance with no links, keeping the articles", () => {
    expect(prefillFromQuery(q("type=group&articles=Art. 9&related=G-2026-0001"), false)).toEqual({
      type: "individual",
      articles: ["Art. 9"],
      relatedIds: [],
    });
  });

  it("ignores an unknown type and malformed ids", () => {
    const p = prefillFromQuery(q("type=class&related=G-2026-0001;DROP,<x>"), true);
    expect(p.type).toBe("individual");
    expect(p.relatedIds).toEqual([]);
  });
});
