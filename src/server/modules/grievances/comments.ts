import { line } from "../../../shared/i18n/text-lines.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { type Actor, log } from "./event-log.ts";
import { visibilityOf } from "./lock.ts";
import { notify, tellSubmitter } from "./notify.ts";
import { findVisible } from "./repo.ts";

/**
 * Comments: stewards and admins on any grievance, a member only on one they filed. An internal
 * note (stewards and admins) is logged as such and never reaches the grievant: no mail, and the
 * live event says it is internal so members' streams drop it (product-decisions.md 28).
 */
export async function addComment(
  db: DB,
  tenant: Tenant,
  actor: Actor,
  id: string,
  comment: { text: string; internal: boolean },
  appUrl: string,
) {
  const v = visibilityOf(tenant);
  const { text, internal } = comment;
  if (internal && !v.seesAll) throw forbidden();
  const grievance = await withTenant(db, tenant.organizationId, async (trx) => {
    const found = await findVisible(trx, v, id);
    if (!found) throw notFound("Grievance Not Found");
    await log(trx, tenant.organizationId, id, actor, { kind: internal ? "note" : "comment", text });
    await trx
      .updateTable("grievances")
      .set({ updatedAt: new Date() })
      .where("organizationId", "=", tenant.organizationId)
      .where("id", "=", id)
      .execute();
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: found.submittedBy,
      kind: internal ? "note" : "comment",
      internal,
    });
    return found;
  });
  if (!internal)
    await tellSubmitter(
      db,
      grievance.submittedBy,
      actor.id,
      id,
      line("comment", { text }),
      appUrl,
      tenant.organizationId,
    );
}
