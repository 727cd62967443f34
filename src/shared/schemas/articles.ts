import { z } from "zod";
import { aliasKey, aliasNumber } from "../article-match.ts";

/**
 * The contract's article list (issue 30, product-decisions.md 34):
 * `GET/PUT /api/organization/articles`. Admins write it; everyone in the organization reads it
 * for the grievance form's picker.
 */
export const ArticleMessages = {
  number: "Write the article's number as digits and dots, such as 12 or 12.3",
  numberDuplicate: "Two articles have this number",
  title: "Give the article a title (up to 120 characters)",
  alias: "Write each alias in 1 to 120 characters, with a letter or a digit",
  aliasesMax: "An article has at most 20 aliases",
  aliasTaken: "This alias already names another article",
  articlesMax: "A list has at most 500 articles",
} as const;

export const ARTICLES_MAX = 500;
export const ALIASES_MAX = 20;

/** 12, 12.3, 12.3.1: what the matcher reads from a citation (at most 4 digits a part). */
const NUMBER = /^\d{1,4}(?:\.\d{1,4}){0,5}$/;

export const ZContractArticle = z.object({
  number: z.string(ArticleMessages.number).trim().regex(NUMBER, ArticleMessages.number),
  title: z
    .string(ArticleMessages.title)
    .trim()
    .min(1, ArticleMessages.title)
    .max(120, ArticleMessages.title),
  aliases: z
    .array(
      z
        .string(ArticleMessages.alias)
        .trim()
        .min(1, ArticleMessages.alias)
        .max(120, ArticleMessages.alias)
        .refine((a) => aliasKey(a) !== "", ArticleMessages.alias),
      ArticleMessages.alias,
    )
    .max(ALIASES_MAX, ArticleMessages.aliasesMax)
    .default([]),
});
export type TContractArticle = z.infer<typeof ZContractArticle>;

/** The article's first part without leading zeros, as the matcher compares numbers. */
const numberKey = (n: string) => n.replace(/^0+(?=\d)/, "");

/**
 * The whole list: numbers unique, and no alias naming two articles (a number alias may not be
 * another article's own number either: the citation would belong to both).
 */
export const ZContractArticles = z
  .array(ZContractArticle, ArticleMessages.number)
  .max(ARTICLES_MAX, ArticleMessages.articlesMax)
  .superRefine((list, ctx) => {
    const numbers = new Map<string, number>();
    list.forEach((a, i) => {
      const key = numberKey(a.number);
      if (numbers.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: [i, "number"],
          message: ArticleMessages.numberDuplicate,
        });
      } else numbers.set(key, i);
    });
    const aliases = new Map<string, number>();
    list.forEach((a, i) => {
      a.aliases.forEach((alias, j) => {
        const n = aliasNumber(alias);
        const key = n === null ? `t:${aliasKey(alias)}` : `n:${numberKey(n)}`;
        const owner = n === null ? undefined : numbers.get(numberKey(n));
        const taken = aliases.has(key) && aliases.get(key) !== i;
        if (taken || (owner !== undefined && owner !== i)) {
          ctx.addIssue({
            code: "custom",
            path: [i, "aliases", j],
            message: ArticleMessages.aliasTaken,
          });
        }
        aliases.set(key, i);
      });
    });
  });
export type TContractArticles = z.infer<typeof ZContractArticles>;
