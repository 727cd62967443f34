/**
 * The one place modules get an organization's grievance procedure and working calendar
 * (docs/decisions/017). modules/procedure (the settings routes) and modules/grievances
 * (deadlines) import this, never each other.
 */
export { workCalendar } from "./calendar.ts";
export { holidayName, holidayRegions, isKnownRegion, publicHolidays } from "./holidays.ts";
export { loadProcedure, saveProcedure } from "./load.ts";
