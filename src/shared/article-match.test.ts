import { describe, expect, it } from "vitest";
import {
  aliasNumber,
  articleGroupKey,
  articleIndex,
  type ContractArticle,
  citedNumber,
  matchArticle,
  matchCitations,
  romanToNumber,
} from "./article-match.ts";

describe("citedNumber", () => {
  it.each([
    // The spellings of article 12.3.
    ["Art. 12.3 Overtime", "12.3"],
    ["Article 12.3", "12.3"],
    ["Sec. 12.3", "12.3"],
    ["§ 12.3", "12.3"],
    ["12.3 Overtime", "12.3"],
    // Case, spacing and punctuation.
    ["ART 12.3", "12.3"],
    ["art.12.3", "12.3"],
    ["Article12.3 overtime", "12.3"],
    ["  article   12.3\t", "12.3"],
    ["Art. 12.3, Overtime", "12.3"],
    ["Art. 12.3. Overtime", "12.3"],
    ["Art. 12.3: Overtime", "12.3"],
    ["Art. 12.3 - Overtime", "12.3"],
    ["Art. 12.3(a)", "12.3"],
    ["Art. 12.3a", "12.3"],
    ["§12.3", "12.3"],
    ["§§ 12.3", "12.3"],
    ["Section 12.3", "12.3"],
    ["SECT. 12.3", "12.3"],
    ["Clause 12.3", "12.3"],
    ["12.3: Overtime", "12.3"],
    ["12.3", "12.3"],
    // Spanish.
    ["Artículo 12.3 Horas extra", "12.3"],
    ["Articulo 12.3", "12.3"],
    ["Sección 12.3", "12.3"],
    ["Cláusula 12.3", "12.3"],
    // Sub-sections are kept as cited (the list decides what they belong to).
    ["Art. 12.30", "12.30"],
    ["Art. 12.3.1", "12.3.1"],
    ["12.3.1 Overtime notice", "12.3.1"],
    // An article and its section written apart.
    ["Article 12, Section 3", "12.3"],
    ["Art. 12 Sec. 3", "12.3"],
    ["Article 12 § 3", "12.3"],
    ["Article 12, Section 12.3", "12.3"],
    // Roman numerals, after an article word only.
    ["Article XII", "12"],
    ["Art. xii, Sec. 3", "12.3"],
    ["Article IV.2", "4.2"],
    ["Artículo IX", "9"],
    // Leading zeros of the article.
    ["Art. 05", "5"],
    ["Art. 05.2", "5.2"],
    // The number anywhere after a citation word.
    ["Overtime (Art. 12.3)", "12.3"],
    ["Section D, Article 12", "12"],
  ])("%j names %j", (citation, number) => {
    expect(citedNumber(citation)).toBe(number);
  });

  it.each([
    "Overtime",
    "Artwork rules 4",
    "Articles of agreement",
    "Article",
    "Art. Vacation",
    "Article IIII",
    "Article VX",
    "Section D",
    "2024 side letter",
    "1234 Main Street",
    "Second shift",
    "Past practice",
    "MOU 12",
    "",
  ])("%j names no article", (citation) => {
    expect(citedNumber(citation)).toBeNull();
  });

  it("tells 12.3, 12.30 and 12.3.1 apart", () => {
    expect(new Set(["Art. 12.3", "Art. 12.30", "Art. 12.3.1"].map(citedNumber)).size).toBe(3);
  });
});

describe("romanToNumber", () => {
  it.each([
    ["i", 1],
    ["iv", 4],
    ["ix", 9],
    ["xii", 12],
    ["XL", 40],
    ["mcmxc", 1990],
  ])("%s is %d", (roman, n) => {
    expect(romanToNumber(roman)).toBe(n);
  });
  it.each(["iiii", "vx", "ic", "iix", "", "abc"])("%j is not a numeral", (roman) => {
    expect(romanToNumber(roman)).toBeNull();
  });
});

const LIST: ContractArticle[] = [
  { number: "9", title: "Rest periods", aliases: [] },
  { number: "12", title: "Hours of work", aliases: [] },
  { number: "12.3", title: "Overtime", aliases: ["OT", "Art. 11.4", "Mandatory overtime"] },
  { number: "12.30", title: "Call-in pay", aliases: [] },
  { number: "21", title: "Health and safety", aliases: ["H&S"] },
  { number: "22", title: "Leave", aliases: [] },
  { number: "23", title: "Leave", aliases: [] },
];

describe("matchArticle", () => {
  const index = articleIndex(LIST);

  it.each([
    ["Art. 12.3 Overtime", "12.3"],
    ["Article 12.3", "12.3"],
    ["Sec. 12.3", "12.3"],
    ["§ 12.3", "12.3"],
    ["12.3 Overtime", "12.3"],
    ["Article XII, Section 3", "12.3"],
    // A sub-section the list does not have belongs to its listed parent...
    ["Art. 12.3.1", "12.3"],
    ["Art. 12.3(b)", "12.3"],
    ["Art. 12.5", "12"],
    ["Art. 9.1 Rest periods", "9"],
    // ... and 12.30 is its own article, never 12.3.
    ["Art. 12.30", "12.30"],
    ["Art. 12.30.2", "12.30"],
    // Aliases and titles, whatever the case and punctuation.
    ["OT", "12.3"],
    ["ot.", "12.3"],
    ["O.T.", "12.3"],
    ["Mandatory Overtime", "12.3"],
    ["overtime", "12.3"],
    ["h & s", "21"],
    ["Health and Safety", "21"],
    // A number alias: the old numbering of a renumbered contract.
    ["Art. 11.4", "12.3"],
    ["Article 11.4 Overtime", "12.3"],
    ["Art. 11.4.2", "12.3"],
    // A number the list does not know is still that article.
    ["Art. 40", "40"],
    ["Article 40.1", "40.1"],
  ])("%j is article %j", (citation, number) => {
    expect(matchArticle(citation, index)).toBe(number);
  });

  it.each([
    // A title two articles share matches neither.
    "Leave",
    // Words near an alias or a title are not it.
    "Overtime meals",
    "OT policy",
    "Safety",
    "Past practice",
    "",
  ])("%j matches no article", (citation) => {
    expect(matchArticle(citation, index)).toBeNull();
  });

  it("with an empty list groups by the number cited", () => {
    const none = articleIndex([]);
    const numbers = ["Art. 12.3 Overtime", "Article 12.3", "Sec. 12.3", "§ 12.3", "12.3 Overtime"];
    expect(numbers.map((c) => matchArticle(c, none))).toEqual(Array(5).fill("12.3"));
    expect(matchArticle("Art. 12.3.1", none)).toBe("12.3.1");
    expect(matchArticle("Overtime", none)).toBeNull();
  });

  it("matches a list's own number however it was typed", () => {
    const index = articleIndex([{ number: "05.2", title: "", aliases: [] }]);
    expect(matchArticle("Art. 5.2", index)).toBe("5.2");
  });

  it("lets an article's own number win over another's number alias", () => {
    const index = articleIndex([
      { number: "12.3", title: "Overtime", aliases: ["12.4"] },
      { number: "12.4", title: "Meals", aliases: [] },
    ]);
    expect(matchArticle("Art. 12.4", index)).toBe("12.4");
  });

  it("gives each citation its number, '' for none, and the group key", () => {
    expect(matchCitations(["Article 12.3", "Past practice", "OT"], index)).toEqual([
      "12.3",
      "",
      "12.3",
    ]);
    expect(articleGroupKey("Art. 12.3 Overtime", "12.3")).toBe("12.3");
    expect(articleGroupKey("Past  Practice", null)).toBe("past practice");
    expect(articleGroupKey("Past Practice", "")).toBe("past practice");
  });
});

describe("aliasNumber", () => {
  it.each([
    ["12.4", "12.4"],
    ["Art. 12.4", "12.4"],
    ["Article XII", "12"],
    ["§ 7", "7"],
    ["12.4 Overtime", null],
    ["OT", null],
  ])("%j is %j", (alias, number) => {
    expect(aliasNumber(alias)).toBe(number);
  });
});
