import { type Kysely, sql } from "kysely";

/**
 * better-auth now keeps verification identifiers as their SHA-256 (issue 28,
 * `verification.storeIdentifier: "hashed"` in lib/auth/auth.ts): a reset link's token was
 * readable in `verifications.identifier` ('reset-password:<token>'). The rows written before
 * get the same hash better-auth computes (base64url of SHA-256 of the UTF-8 text, no padding),
 * so no token is left in clear and the links already mailed keep working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE verifications
    SET identifier = translate(encode(sha256(convert_to(identifier, 'UTF8')), 'base64'), '+/=', '-_')
  `.execute(db);
}
