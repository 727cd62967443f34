import type { Language } from "../../../shared/i18n/languages.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";

export interface MembershipDetails {
  badgeNumber?: string | null;
  department?: string | null;
  facility?: string | null;
}

export async function setUserName(db: DB, userId: string, name: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ name, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

export async function setUserLanguage(db: DB, userId: string, language: Language): Promise<void> {
  await db
    .updateTable("users")
    .set({ language, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Badge number, department and facility live on the membership, not the account. */
export async function setMembershipDetails(
  db: DB,
  organizationId: string,
  userId: string,
  details: MembershipDetails,
): Promise<void> {
  await withTenant(db, organizationId, (trx) =>
    trx
      .updateTable("memberships")
      .set(details)
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .execute(),
  );
}

/** The account's avatar URL, or null. */
export async function findUserImage(db: DB, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("image")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.image ?? null;
}

export async function setUserImage(db: DB, userId: string, image: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ image, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Whether `userId` is a member of the organization (read under its row-level security). */
export async function isMemberOf(db: DB, organizationId: string, userId: string): Promise<boolean> {
  const row = await withTenant(db, organizationId, (trx) =>
    trx
      .selectFrom("memberships")
      .select("userId")
      .where("organizationId", "=", organizationId)
      .where("userId", "=", userId)
      .executeTakeFirst(),
  );
  return row !== undefined;
}
