import { can } from "../../../shared/permissions.ts";
import type { DB } from "../../db/connection.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Tenant } from "../../plugins/access.ts";
import { type DeadlineRow, findDeadline } from "./deadlines.ts";
import type { Actor } from "./event-log.ts";
import { findVisible, type Visibility } from "./repo.ts";

export const visibilityOf = (tenant: Tenant): Visibility => ({
  organizationId: tenant.organizationId,
  userId: tenant.userId,
  seesAll: can(tenant.role, "view:all_grievances"),
});

export interface ActionContext {
  db: DB;
  tenant: Tenant;
  actor: Actor;
  now: Date;
  appUrl: string;
}

/** The grievance a steward acts on, locked for the transaction; 404 when not theirs to see. */
export async function lockGrievance(trx: TenantTx, tenant: Tenant, id: string) {
  const g = await trx
    .selectFrom("grievances")
    .select([
      "id",
      "status",
      "submittedBy",
      "name",
      "stepIndex",
      "stepName",
      "heldOn",
      "holdReason",
      "nextDeadlineId",
      "assigneeId",
    ])
    .where("organizationId", "=", tenant.organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  if (!g || !(await findVisible(trx, visibilityOf(tenant), id)))
    throw notFound("Grievance Not Found");
  return g;
}

export const conflict = (message: string) => new AppError(409, "CONFLICT", message);

/** The deadline that runs now, if any. */
export async function runningDeadline(
  trx: TenantTx,
  organizationId: string,
  g: { nextDeadlineId: string | null },
): Promise<DeadlineRow | null> {
  if (!g.nextDeadlineId) return null;
  const d = await findDeadline(trx, organizationId, g.nextDeadlineId);
  return d && d.closedOn === null ? d : null;
}
