import { type IsoDate, todayIn, type WorkCalendar } from "../../../shared/deadline-engine/index.ts";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import { can, type Permission } from "../../../shared/permissions.ts";
import { eventLine, type TEventKind } from "../../../shared/schemas/grievances.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { forbidden } from "../../lib/errors.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { log } from "./event-log.ts";
import { type ActionContext, lockGrievance } from "./lock.ts";
import { notify, tellSubmitter } from "./notify.ts";

export type Locked = Awaited<ReturnType<typeof lockGrievance>>;

/** What an action knows of the organization's day when it runs. */
export interface ActionDay {
  procedure: TProcedure;
  /** Holidays and closures, built when first read. */
  readonly calendar: WorkCalendar;
  /** The organization's own day (product-decisions.md 26). */
  today: IsoDate;
  timeZone: string;
}

/** The log entry an action writes; the grievant's mail says the same, in their language. */
export interface ActionEntry {
  kind: TEventKind;
  /** A status change's note (what the person typed); other entries say it in their line. */
  text?: string;
  status?: GrievanceStatus;
  /** The entry as a line (issue 31); a status change without one has its kind's. */
  line?: TextLine;
}

/**
 * One action on one grievance (the procedure's, issue 17, and the outcome's, issue 19): the
 * grievance locked, the procedure and the organization's day at hand, then one log entry with
 * the actor, one live event, and after commit a mail to the grievants (none of these actions
 * is internal). `needs` is a permission checked before anything is read.
 */
export async function act(
  ctx: ActionContext,
  id: string,
  body: (trx: TenantTx, g: Locked, day: ActionDay) => Promise<ActionEntry>,
  needs?: Permission,
): Promise<void> {
  const { db, tenant, actor } = ctx;
  if (needs && !can(tenant.role, needs)) throw forbidden();
  const done = await withTenant(db, tenant.organizationId, async (trx) => {
    const g = await lockGrievance(trx, tenant, id);
    const procedure = await loadProcedure(trx, tenant.organizationId);
    let calendar: WorkCalendar | undefined;
    const day: ActionDay = {
      procedure,
      get calendar() {
        calendar ??= workCalendar(procedure);
        return calendar;
      },
      today: todayIn(procedure.timeZone, ctx.now),
      timeZone: procedure.timeZone,
    };
    const entry = await body(trx, g, day);
    await log(trx, tenant.organizationId, id, actor, entry);
    await notify(trx, {
      organizationId: tenant.organizationId,
      grievanceId: id,
      submittedBy: g.submittedBy,
      kind: entry.kind,
    });
    return { g, entry };
  });
  await tellSubmitter(
    db,
    done.g.submittedBy,
    actor.id,
    id,
    done.entry.line ?? eventLine(done.entry),
    ctx.appUrl,
    tenant.organizationId,
  );
}
