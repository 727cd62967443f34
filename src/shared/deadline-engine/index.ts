/**
 * The deadline engine (product-decisions.md 26 and 27; docs/decisions/017): pure functions over
 * plain dates, shared by the server (deadlines) and the web app (previews). No date library:
 * holidays come in through a WorkCalendar.
 */
export {
  addDays,
  daysBetween,
  formatDay,
  formatLongDay,
  type IsoDate,
  isIsoDate,
  isTimeZone,
  isWeekend,
  shortDay,
  todayIn,
  weekday,
} from "./days.ts";
export {
  type Computed,
  computeDueDate,
  type DayType,
  isBusinessDay,
  type Limit,
  nextBusinessDay,
  shiftForHold,
  shiftForInformation,
  type WorkCalendar,
} from "./deadline.ts";
