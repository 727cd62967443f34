import type { IsoDate, WorkCalendar } from "../../../shared/deadline-engine/index.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import { publicHolidays } from "./holidays.ts";

/**
 * The organization's working calendar for the deadline engine: the public holidays of its
 * region (none when it has no region) and its own closure days.
 */
export function workCalendar(p: Pick<TProcedure, "holidayRegion" | "closures">): WorkCalendar {
  const closures = new Map(p.closures.map((c) => [c.date, c.name]));
  const region = p.holidayRegion;
  return {
    holidayName(date: IsoDate) {
      if (region === null) return null;
      return publicHolidays(region, Number(date.slice(0, 4))).get(date) ?? null;
    },
    closureName(date: IsoDate) {
      return closures.get(date) ?? null;
    },
  };
}
