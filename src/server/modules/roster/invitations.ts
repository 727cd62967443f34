import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { inviteRosterPeopleTx, revokeRosterInvitationsTx } from "../directory/index.ts";
import type { ImportContext } from "./import-service.ts";

/**
 * Send, resend or revoke invitations for some roster people, or for everyone active with an
 * email who has not joined (issue 29). Sending reaches only people never invited (so a double
 * click or a second instance sends nothing twice); resending replaces an open invitation.
 */
export async function changeInvitations(
  db: DB,
  ctx: ImportContext,
  input: { action: "send" | "resend" | "revoke"; ids?: string[] },
): Promise<{ changed: number }> {
  return withTenant(db, ctx.organizationId, async (trx) => {
    let query = trx
      .selectFrom("people")
      .select("id")
      .where("organizationId", "=", ctx.organizationId)
      .where("userId", "is", null)
      .where("status", "=", "active");
    if (input.ids) {
      if (input.ids.length === 0) return { changed: 0 };
      query = query.where("id", "in", input.ids);
    }
    const ids = (await query.execute()).map((p) => p.id);
    if (input.action === "revoke")
      return { changed: await revokeRosterInvitationsTx(trx, ctx.organizationId, ids) };
    const result = await inviteRosterPeopleTx(trx, ctx, ids, input.action === "resend");
    return { changed: result.invited };
  });
}
