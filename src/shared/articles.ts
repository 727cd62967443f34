/**
 * Contract articles as grievances cite them, free text: 'Art. 12.3 Overtime', 'article 12.3
 * overtime', 'ART 12.3  Overtime' are one article (issue 21). The key is lower case, with runs of
 * white space made one space, trimmed, and a leading 'Article' / 'Art.' / 'Art' dropped.
 *
 * The database computes the same key in the generated column `grievances.article_keys`
 * (migration 0065, `normalise_article`); tests/api/insights.test.ts checks that both agree.
 */
export function normaliseArticle(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:article|art)(?![a-z])\.?\s*/, "")
    .trim();
}

/** Two citations name the same article. */
export const sameArticle = (a: string, b: string) => normaliseArticle(a) === normaliseArticle(b);
