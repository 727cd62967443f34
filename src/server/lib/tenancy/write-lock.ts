import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

export type WriteLock = "canceled" | "lapsed" | "archived";

/**
 * Why the organization may not change anything now, or null. Canceled, or a no-card trial
 * that ran out: read-only for 30 days, then archived (the FAQ). See migration 0007.
 */
export async function organizationWriteLock(
  db: DB,
  organizationId: string,
): Promise<WriteLock | null> {
  const { rows } = await sql<{ lock: WriteLock | null }>`
    SELECT organization_write_lock(${organizationId}::uuid) AS lock`.execute(db);
  return rows[0]?.lock ?? null;
}

export const WRITE_LOCK_MESSAGES: Record<WriteLock, string> = {
  canceled:
    "This organization's subscription is canceled: it is read-only for 30 days. An admin can choose a plan under Settings > Billing to reopen it.",
  lapsed:
    "This organization's free trial has ended: it is read-only for 30 days. An admin can choose a plan under Settings > Billing to reopen it.",
  archived:
    "This organization is archived: it was read-only for 30 days after its subscription ended. An admin can choose a plan under Settings > Billing to reopen it.",
};
