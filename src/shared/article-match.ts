import { normaliseArticle } from "./articles.ts";

/**
 * Citations matched to the contract's own articles (issue 30, product-decisions.md 34).
 * 'Art. 12.3 Overtime', 'Article 12.3', 'Sec. 12.3', '§ 12.3', '12.3 Overtime' and 'Article
 * XII, Section 3' all name article 12.3; the local's list (number, title, aliases) decides
 * which of its articles that is:
 *  - a citation equal to an alias or a title (case, spaces and punctuation aside) is that
 *    article, whatever number it carries (a renumbered contract keeps its old numbers as
 *    aliases: an alias that is itself a number maps that number);
 *  - otherwise the number the citation carries is looked up, then its parents: 12.3.1 is 12.3
 *    when the list has 12.3 but not 12.3.1, and 12 when the list has only whole articles.
 *    12.30 is never 12.3;
 *  - a number the list does not know is still the article's number (an empty list groups
 *    'Art. 12.3' and 'Article 12.3' together);
 *  - a citation with no number and no alias is unmatched (null) and groups by its text.
 * Pure: the server stores each citation's number with the grievance; reports and the radar
 * group by it.
 */
export interface ContractArticle {
  number: string;
  title: string;
  aliases: string[];
}

/** 'Article', 'Art.', 'Section', 'Sec.', '§', 'Clause' and their Spanish forms. */
const ARTICLE_WORD = "art[ií]culo|articulo|article|art";
const SECTION_WORD = "secci[oó]n|section|secc|sect|sec|cl[aá]usula|clause|§§?";
/** A dotted number: 12, 12.3, 12.3.1 (each part at most 4 digits). */
const DOTTED = "\\d{1,4}(?:\\.\\d{1,4})*";
/** Roman numerals, only after an article word ('Article XII'): a bare 'I' or 'V' is a word. */
const ROMAN = "[ivxlcdm]{1,7}";
// Not followed by a letter or a digit (a letter right after a dotted number is a sub-section,
// '12.3a', read as 12.3; after a Roman numeral it means the "numeral" was a word).
const END = "(?![\\p{L}\\p{N}])";

const PREFIXED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${ARTICLE_WORD})|(${SECTION_WORD}))\\.?\\s*(?:(${DOTTED})(?!\\d)|(${ROMAN})((?:\\.\\d{1,4})*)${END})` +
    `(?:\\s*[,;]?\\s*(?:${SECTION_WORD})\\.?\\s*(${DOTTED})(?!\\d))?`,
  "gu",
);
/** A citation that opens with a number: '12.3 Overtime' (at most three digits first: not a year). */
const LEADING = /^(\d{1,3}(?:\.\d{1,4})*)(?![\d])(?!\.\d)/u;

const ROMAN_VALUES: Record<string, number> = {
  i: 1,
  v: 5,
  x: 10,
  l: 50,
  c: 100,
  d: 500,
  m: 1000,
};

/** 'xii' as 12; null for what is not a well-formed numeral ('iiii', 'vx', 'ic'). */
export function romanToNumber(text: string): number | null {
  const s = text.toLowerCase();
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUES[s[i] ?? ""];
    const next = ROMAN_VALUES[s[i + 1] ?? ""] ?? 0;
    if (v === undefined) return null;
    total += v < next ? -v : v;
  }
  if (total < 1 || total > 3999) return null;
  // Well formed only when it is what the number is written as.
  return toRoman(total) === s ? total : null;
}

function toRoman(n: number): string {
  const table: [number, string][] = [
    [1000, "m"],
    [900, "cm"],
    [500, "d"],
    [400, "cd"],
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let out = "";
  let rest = n;
  for (const [value, letters] of table) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

/** The article's first part without leading zeros ('05.2' is 5.2); the others as written. */
function canonical(dotted: string): string {
  const [first = "", ...rest] = dotted.split(".");
  return [String(Number(first)), ...rest].join(".");
}

/** A section written after the article ('Article 12, Section 3', or 'Section 12.3' in full). */
function withSection(article: string, section: string | undefined): string {
  if (section === undefined) return article;
  const s = canonical(section);
  return s === article || s.startsWith(`${article}.`) ? s : `${article}.${section}`;
}

/**
 * The article number a citation names, or null: 'Art. 12.3 Overtime' -> '12.3', 'Article XII,
 * Section 3' -> '12.3', '§ 12.3.1' -> '12.3.1', '12.3 Overtime' -> '12.3', 'Overtime' -> null.
 * The first citation form in the text counts.
 */
export function citedNumber(citation: string): string | null {
  const text = citation.normalize("NFKC").toLowerCase();
  for (const m of text.matchAll(PREFIXED)) {
    const [, articleWord, , dotted, roman, romanParts, section] = m;
    if (dotted !== undefined) {
      // 'Section 3' alone names a section, and we cannot know of which article: its number.
      return articleWord !== undefined
        ? withSection(canonical(dotted), section)
        : canonical(dotted);
    }
    if (roman !== undefined && articleWord !== undefined) {
      const n = romanToNumber(roman);
      if (n !== null) return withSection(`${n}${romanParts ?? ""}`, section);
    }
  }
  const lead = LEADING.exec(text.trim());
  return lead?.[1] ? canonical(lead[1]) : null;
}

/** What aliases and titles are compared by: lower case, letters and digits, single spaces. */
export function aliasKey(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // 'O.T.' is 'OT' and "Employer's" 'employers': dots and apostrophes join; other marks part.
      .replace(/['’]|\.(?!\d)|(?<!\d)\./gu, "")
      .replace(/[^\p{L}\p{N}.]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A list made ready for matching many citations. */
export interface ArticleIndex {
  byNumber: Map<string, string>;
  byText: Map<string, string>;
}

/**
 * The lookups of a list: each article's number and its number aliases by number, its title
 * and its text aliases by alias key. A title two articles share matches neither (the list's
 * validation refuses shared numbers and aliases, not shared titles).
 */
export function articleIndex(list: readonly ContractArticle[]): ArticleIndex {
  const byNumber = new Map<string, string>();
  const byText = new Map<string, string>();
  const titles = new Map<string, string | null>();
  for (const a of list) {
    const own = canonical(a.number);
    byNumber.set(own, own);
  }
  for (const a of list) {
    const own = canonical(a.number);
    for (const alias of a.aliases) {
      const asNumber = aliasNumber(alias);
      if (asNumber !== null) {
        if (!byNumber.has(asNumber)) byNumber.set(asNumber, own);
      } else {
        const key = aliasKey(alias);
        if (key !== "") byText.set(key, own);
      }
    }
    const title = aliasKey(a.title);
    if (title !== "") titles.set(title, titles.has(title) ? null : own);
  }
  for (const [title, own] of titles) if (own !== null && !byText.has(title)) byText.set(title, own);
  return { byNumber, byText };
}

/** An alias that is only a number ('12.4', 'Art. 12.4', 'Article XII'): that number. */
export function aliasNumber(alias: string): string | null {
  const n = citedNumber(alias);
  if (n === null) return null;
  // Only the number and citation words: 'Art. 12.4' is a number, '12.4 Overtime' is text.
  const rest = aliasKey(alias)
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${ARTICLE_WORD}|${SECTION_WORD})`, "gu"), "")
    .replace(/[\d.]+|(?<![\p{L}])[ivxlcdm]{1,7}(?![\p{L}])/gu, "")
    .trim();
  return rest === "" ? n : null;
}

/**
 * The article number a citation is filed under, or null when it names none (it then groups by
 * its text, `normaliseArticle`).
 */
export function matchArticle(citation: string, index: ArticleIndex): string | null {
  const text = index.byText.get(aliasKey(citation));
  if (text !== undefined) return text;
  const n = citedNumber(citation);
  if (n === null) return null;
  for (let k = n; ; k = k.slice(0, k.lastIndexOf("."))) {
    const listed = index.byNumber.get(k);
    if (listed !== undefined) return listed;
    if (!k.includes(".")) return n;
  }
}

/** Each citation's article number, '' where it names none (as stored: `article_numbers`). */
export function matchCitations(citations: readonly string[], index: ArticleIndex): string[] {
  return citations.map((c) => matchArticle(c, index) ?? "");
}

/** The key reports and the radar group a citation by (as migration 0200 computes it). */
export function articleGroupKey(citation: string, number: string | null): string {
  return number || normaliseArticle(citation);
}
