import type { IsoDate, WorkCalendar } from "../../../shared/deadline-engine/index.ts";
import type { TContractHolidays, TProcedure } from "../../../shared/schemas/procedure.ts";
import { publicHolidays } from "./holidays.ts";

/**
 * The organization's working calendar for the deadline engine: the public holidays of its
 * region (none when it has no region) less those its contract works, the contract's own
 * holidays (issue 30, product-decisions.md 34), and its closure days.
 */
export function workCalendar(
  p: Pick<TProcedure, "holidayRegion" | "closures"> & { holidays?: TContractHolidays },
): WorkCalendar {
  const closures = new Map(p.closures.map((c) => [c.date, c.name]));
  const removed = new Set(p.holidays?.removed ?? []);
  const added = new Map((p.holidays?.added ?? []).map((h) => [h.date, h.name]));
  const region = p.holidayRegion;
  return {
    region,
    holidayName(date: IsoDate) {
      if (region === null || removed.has(date)) return null;
      return publicHolidays(region, Number(date.slice(0, 4))).get(date) ?? null;
    },
    contractHolidayName(date: IsoDate) {
      return added.get(date) ?? null;
    },
    closureName(date: IsoDate) {
      return closures.get(date) ?? null;
    },
  };
}
