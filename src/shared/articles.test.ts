import { describe, expect, it } from "vitest";
import { normaliseArticle, sameArticle } from "./articles.ts";

describe("normaliseArticle", () => {
  it.each([
    ["Art. 12.3 Overtime", "12.3 overtime"],
    ["article 12.3 overtime", "12.3 overtime"],
    ["ARTICLE 12.3 OVERTIME", "12.3 overtime"],
    ["Art 12.3 Overtime", "12.3 overtime"],
    ["Art.12.3   Overtime", "12.3 overtime"],
    ["  art.  12.3\tOvertime \n", "12.3 overtime"],
    ["Article12.3 Overtime", "12.3 overtime"],
    ["12.3 Overtime", "12.3 overtime"],
    ["Art. 7", "7"],
  ])("%j is %j", (input, key) => {
    expect(normaliseArticle(input)).toBe(key);
  });

  it("keeps words that only begin like 'art'", () => {
    expect(normaliseArticle("Artwork rules 4")).toBe("artwork rules 4");
    expect(normaliseArticle("Articles of agreement")).toBe("articles of agreement");
  });

  it("tells different articles apart", () => {
    expect(sameArticle("Art. 12.3 Overtime", "Article 12.3 overtime")).toBe(true);
    expect(sameArticle("Art. 12.3", "Art. 12.3 Overtime")).toBe(false);
    expect(sameArticle("Art. 12.3", "Art. 12.4")).toBe(false);
  });
});
