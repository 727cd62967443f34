import { sql } from "kysely";
import type { TQuestion } from "../../../shared/schemas/representation.ts";
import type { TenantTx } from "../../db/tenant.ts";

export const QUESTION_COLUMNS = [
  "q.id",
  "q.grievanceId",
  "q.askedByName",
  "q.text",
  "q.askedAt",
  "q.replyDueOn",
  "q.replyText",
  "q.repliedAt",
  "q.repliedByName",
] as const;

export type QuestionRow = {
  id: string;
  grievanceId: string | null;
  askedByName: string;
  text: string;
  askedAt: Date | string;
  replyDueOn: string;
  replyText: string | null;
  repliedAt: Date | string | null;
  repliedByName: string | null;
};

export const toQuestion = (r: QuestionRow, today: string): TQuestion => ({
  id: r.id,
  grievanceId: r.grievanceId,
  askedBy: r.askedByName,
  text: r.text,
  askedAt: new Date(r.askedAt).toISOString(),
  replyDueOn: r.replyDueOn,
  overdue: r.repliedAt === null && today > r.replyDueOn,
  reply:
    r.repliedAt && r.replyText
      ? {
          text: r.replyText,
          at: new Date(r.repliedAt).toISOString(),
          by: r.repliedByName ?? "",
        }
      : null,
});

/**
 * Questions as the viewer may see them: stewards and admins the open ones of the organization
 * (the board, due soonest first) or a case's; a member only the ones they asked.
 */
export async function listQuestions(
  trx: TenantTx,
  a: {
    organizationId: string;
    userId: string;
    seesAll: boolean;
    grievanceId?: string;
    today: string;
    limit: number;
  },
): Promise<{ items: TQuestion[]; total: number }> {
  let q = trx
    .selectFrom("grievanceQuestions as q")
    .where("q.organizationId", "=", a.organizationId);
  if (a.grievanceId !== undefined) q = q.where("q.grievanceId", "=", a.grievanceId);
  if (!a.seesAll) q = q.where("q.askedBy", "=", a.userId);
  else if (a.grievanceId === undefined) q = q.where("q.repliedAt", "is", null);
  const [rows, count] = await Promise.all([
    q
      .select(QUESTION_COLUMNS)
      .orderBy(
        a.seesAll && a.grievanceId === undefined ? "q.replyDueOn" : "q.askedAt",
        a.seesAll ? "asc" : "desc",
      )
      .orderBy("q.id")
      .limit(a.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toQuestion(r, a.today)), total: Number(count.n) };
}
