import type { TenantTx } from "../../db/tenant.ts";

/**
 * The roster person of an account that joins an organization (product-decisions.md 32): the
 * person already linked to it (someone who left and comes back), else the unlinked person with
 * the account's email (a roster person, invited or not), else a new person. Linking makes every
 * grievance of that person the account's (migration 0130's trigger). The email match is exact
 * after lowercasing, and the unique indexes keep one account per person and one person per
 * account: a second account with that email cannot exist.
 */
export async function linkPersonTx(
  trx: TenantTx,
  m: {
    organizationId: string;
    userId: string;
    badgeNumber?: string | null;
    department?: string | null;
    facility?: string | null;
  },
): Promise<string> {
  const user = await trx
    .selectFrom("users")
    .select(["name", "email"])
    .where("id", "=", m.userId)
    .executeTakeFirstOrThrow();
  const email = user.email.toLowerCase();
  const now = new Date();
  const linked = await trx
    .updateTable("people")
    .set({ status: "active", leftAt: null, updatedAt: now })
    .where("organizationId", "=", m.organizationId)
    .where("userId", "=", m.userId)
    .returning("id")
    .executeTakeFirst();
  if (linked) return linked.id;
  const byEmail = await trx
    .updateTable("people")
    .set({ userId: m.userId, joinedAt: now, status: "active", leftAt: null, updatedAt: now })
    .where("organizationId", "=", m.organizationId)
    .where("email", "=", email)
    .where("userId", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (byEmail) return byEmail.id;
  // A badge number already on the roster stays its holder's.
  const badge = m.badgeNumber?.trim() || null;
  const badgeTaken = badge
    ? await trx
        .selectFrom("people")
        .select("id")
        .where("organizationId", "=", m.organizationId)
        .where("badgeNumber", "=", badge)
        .executeTakeFirst()
    : undefined;
  const created = await trx
    .insertInto("people")
    .values({
      organizationId: m.organizationId,
      name: user.name.slice(0, 200) || email,
      email,
      badgeNumber: badgeTaken ? null : badge?.slice(0, 50),
      department: m.department ?? null,
      location: m.facility ?? null,
      userId: m.userId,
      joinedAt: now,
    })
    // The email is on the roster but linked to another account (that account changed its
    // email since): this account gets its own person without the email.
    .onConflict((oc) =>
      oc.columns(["organizationId", "email"]).where("email", "is not", null).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (created) return created.id;
  const fallback = await trx
    .insertInto("people")
    .values({
      organizationId: m.organizationId,
      name: user.name.slice(0, 200) || email,
      userId: m.userId,
      joinedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fallback.id;
}
