import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";

/** Longer than a code stays valid (its 30 s step and one step either side). */
const REMEMBER = "3 minutes";

/**
 * Claims `code` for `userId`: true the first time, false while the same code was used within
 * the last minutes (a replayed code, e.g. one seen over a shoulder, cannot open a second
 * session). Older claims are dropped on the way.
 */
export async function claimTotpCode(db: DB, userId: string, code: string): Promise<boolean> {
  await sql`DELETE FROM totp_codes_used
            WHERE user_id = ${userId} AND used_at < now() - ${REMEMBER}::interval`.execute(db);
  const { rows } = await sql`
    INSERT INTO totp_codes_used (user_id, code) VALUES (${userId}, ${code})
    ON CONFLICT (user_id, code) DO NOTHING RETURNING 1`.execute(db);
  return rows.length === 1;
}
