import { computeDueDate } from "../../../shared/deadline-engine/index.ts";
import {
  ProcedureMessages,
  type TComputed,
  type TContractHolidays,
  type TProcedure,
  type TProcedureInput,
} from "../../../shared/schemas/procedure.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError } from "../../lib/errors.ts";
import { apiLines } from "../../lib/i18n/index.ts";
import {
  isKnownRegion,
  loadProcedure,
  publicHolidays,
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
    const holidays = sortedHolidays(input.holidays ?? current.holidays);
    checkRemovedHolidays(input.holidayRegion, holidays.removed);
    const next: TProcedure = {
      filingLimit: input.filingLimit,
      steps: input.steps,
      holidayRegion: input.holidayRegion,
      closures: [...input.closures].sort((a, b) => a.date.localeCompare(b.date)),
      holidays,
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

const sortedHolidays = (h: TContractHolidays): TContractHolidays => ({
  removed: [...h.removed].sort(),
  added: [...h.added].sort((a, b) => a.date.localeCompare(b.date)),
});

/**
 * A removed day must be one of the region's public holidays (a kept list would otherwise
 * remove nothing, silently); with no region there is nothing to remove.
 */
function checkRemovedHolidays(region: string | null, removed: string[]): void {
  const i = removed.findIndex(
    (d) => region === null || !publicHolidays(region, Number(d.slice(0, 4))).has(d),
  );
  if (i === -1) return;
  throw new AppError(400, "VALIDATION_FAILED", ProcedureMessages.holidayNotPublic, {
    [`holidays.removed.${i}`]: ProcedureMessages.holidayNotPublic,
  });
}

/** What a limit from `from` comes to with the organization's stored calendar. */
export async function previewDeadline(
  db: DB,
  organizationId: string,
  q: { from: string; days: number; dayType: "business" | "calendar" },
): Promise<TComputed> {
  const procedure = await loadProcedure(db, organizationId);
  const computed = computeDueDate({
    from: q.from,
    fromLabel: "filed",
    heading: { kind: "deadline" },
    limit: { days: q.days, dayType: q.dayType },
    calendar: workCalendar(procedure),
  });
  return { dueDate: computed.dueDate, ...apiLines(computed.explanation) };
}
