import { computeDueDate } from "../../../shared/deadline-engine/index.ts";
import {
  ProcedureMessages,
  type TComputed,
  type TProcedure,
  type TProcedureInput,
} from "../../../shared/schemas/procedure.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError } from "../../lib/errors.ts";
import {
  isKnownRegion,
  loadProcedure,
  saveProcedure,
  workCalendar,
} from "../../lib/procedure/index.ts";

/**
 * Replaces the organization's procedure. Deadlines already opened keep their dates and
 * explanations (they are stored with the grievance); the new rules apply to the next ones.
 */
export async function replaceProcedure(
  db: DB,
  organizationId: string,
  userId: string,
  input: TProcedureInput,
): Promise<TProcedure> {
  // The shared schema checks the region's form; only the server knows date-holidays' list.
  if (input.holidayRegion !== null && !isKnownRegion(input.holidayRegion)) {
    throw new AppError(400, "VALIDATION_FAILED", ProcedureMessages.region, {
      holidayRegion: ProcedureMessages.region,
    });
  }
  return withTenant(db, organizationId, async (trx) => {
    const current = await loadProcedure(trx, organizationId);
    const next: TProcedure = {
      filingLimit: input.filingLimit,
      steps: input.steps,
      holidayRegion: input.holidayRegion,
      closures: [...input.closures].sort((a, b) => a.date.localeCompare(b.date)),
      timeZone: input.timeZone ?? current.timeZone,
      informationResponseLimit: input.informationResponseLimit ?? current.informationResponseLimit,
      tollWhileInformationPending:
        input.tollWhileInformationPending ?? current.tollWhileInformationPending,
      contactLimit: input.contactLimit ?? current.contactLimit,
      replyLimit: input.replyLimit ?? current.replyLimit,
      internalAppeal:
        input.internalAppeal === undefined ? current.internalAppeal : input.internalAppeal,
    };
    await saveProcedure(trx, organizationId, next, userId);
    return next;
  });
}

/** What a limit from `from` comes to with the organization's stored calendar. */
export async function previewDeadline(
  db: DB,
  organizationId: string,
  q: { from: string; days: number; dayType: "business" | "calendar" },
): Promise<TComputed> {
  const procedure = await loadProcedure(db, organizationId);
  return computeDueDate({
    from: q.from,
    fromLabel: "filed",
    heading: "Deadline",
    limit: { days: q.days, dayType: q.dayType },
    calendar: workCalendar(procedure),
  });
}
