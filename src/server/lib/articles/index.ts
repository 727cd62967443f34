import { sql } from "kysely";
import { type ArticleIndex, articleIndex, matchCitations } from "../../../shared/article-match.ts";
import type { TContractArticle } from "../../../shared/schemas/articles.ts";
import type { TenantTx } from "../../db/tenant.ts";

/**
 * The contract's article list and the article numbers stored with each grievance's citations
 * (issue 30, docs/decisions/034). Filing, grouping and importing match through
 * `articleMatcher`; `replaceArticles` stores a new list and re-matches the organization's
 * grievances in the same transaction. A writer of the list holds the organization's lock
 * exclusively and a filing holds it shared, so a grievance filed while the list changes is
 * matched against the list it commits beside, never an old one.
 */
const lockKey = (organizationId: string) =>
  sql`hashtextextended(${`contract_articles:${organizationId}`}, 0)`;

/** The organization's list, in the admin's order (empty when it never wrote one). */
export async function loadArticles(
  trx: TenantTx,
  organizationId: string,
): Promise<TContractArticle[]> {
  const row = await trx
    .selectFrom("contractArticles")
    .select("articles")
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
  return row?.articles ?? [];
}

/** A function giving citations their article numbers ('' for none), for this transaction. */
export async function articleMatcher(
  trx: TenantTx,
  organizationId: string,
): Promise<(citations: readonly string[]) => string[]> {
  await sql`SELECT pg_advisory_xact_lock_shared(${lockKey(organizationId)})`.execute(trx);
  const index = articleIndex(await loadArticles(trx, organizationId));
  return (citations) => matchCitations(citations, index);
}

/** Stores the list and re-matches every grievance whose numbers change; answers how many. */
export async function replaceArticles(
  trx: TenantTx,
  organizationId: string,
  articles: TContractArticle[],
  userId: string,
): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(${lockKey(organizationId)})`.execute(trx);
  const values = { articles: JSON.stringify(articles), updatedBy: userId, updatedAt: new Date() };
  await trx
    .insertInto("contractArticles")
    .values({ organizationId, ...values })
    .onConflict((oc) => oc.column("organizationId").doUpdateSet(values))
    .execute();
  return rematch(trx, organizationId, articleIndex(articles));
}

// Each batch is one UPDATE whose roll-up triggers rewrite the facts of the rows it changes
// (about 2 ms a row): 500 keeps a statement far from the app role's 3 s timeout.
const BATCH = 500;

/** The organization's grievances matched again, in batches; only changed rows are written. */
async function rematch(trx: TenantTx, organizationId: string, index: ArticleIndex) {
  let after = "";
  let changed = 0;
  for (;;) {
    const rows = await trx
      .selectFrom("grievances")
      .select(["id", "articles", "articleNumbers"])
      .where("organizationId", "=", organizationId)
      .where("id", ">", after)
      .where(sql<boolean>`articles <> '{}'`)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    const last = rows.at(-1);
    if (!last) return changed;
    after = last.id;
    const updates = rows
      .map((r) => ({ i: r.id, n: matchCitations(r.articles, index), old: r.articleNumbers }))
      .filter((r) => r.n.length !== r.old.length || r.n.some((n, k) => n !== r.old[k]))
      .map(({ i, n }) => ({ i, n }));
    if (updates.length === 0) continue;
    changed += updates.length;
    await sql`
      UPDATE grievances g SET article_numbers = v.n
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(i text, n text[])
      WHERE g.organization_id = ${organizationId} AND g.id = v.i`.execute(trx);
  }
}
