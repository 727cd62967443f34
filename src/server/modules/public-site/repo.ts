import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

export async function insertInquiry(
  db: DB,
  inquiry: {
    kind: "contact" | "founders";
    name: string;
    email: string;
    organization: string;
    message: string;
    details: Record<string, string>;
    userId: string | null;
  },
) {
  return db
    .insertInto("salesInquiries")
    .values({ ...inquiry, details: JSON.stringify(inquiry.details) })
    .returning(["id", "createdAt"])
    .executeTakeFirstOrThrow();
}

export async function findSetupRequest(db: DB, userId: string, packageId: string) {
  return db
    .selectFrom("websiteSetupRequests")
    .select(["packageId", "details", "submittedAt", "updatedAt"])
    .where("userId", "=", userId)
    .where("packageId", "=", packageId)
    .executeTakeFirst();
}

/** Saves the buyer's intake for one package; answers whether it was the first time. */
export async function upsertSetupRequest(
  db: DB,
  userId: string,
  packageId: string,
  details: Record<string, string>,
) {
  const json = JSON.stringify(details);
  return db
    .insertInto("websiteSetupRequests")
    .values({ userId, packageId, details: json })
    .onConflict((oc) =>
      oc.columns(["userId", "packageId"]).doUpdateSet({ details: json, updatedAt: sql`now()` }),
    )
    .returning([
      "packageId",
      "details",
      "submittedAt",
      "updatedAt",
      sql<boolean>`(xmax = 0)`.as("created"),
    ])
    .executeTakeFirstOrThrow();
}
