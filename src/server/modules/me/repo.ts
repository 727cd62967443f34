import type { DB } from "../../db/connection.ts";

/** The user's organization: the spec's model has one at a time, the oldest membership wins. */
export async function findMembership(db: DB, userId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.organizationId")
    .select(["m.organizationId", "o.name as organizationName", "m.role"])
    .where("m.userId", "=", userId)
    .orderBy("m.createdAt")
    .limit(1)
    .executeTakeFirst();
}
