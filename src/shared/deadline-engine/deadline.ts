import {
  line,
  type TextLine,
  type TLineFrom,
  type TLineHeading,
  type TLineReason,
} from "../i18n/text-lines.ts";
import { addDays, daysBetween, type IsoDate, isWeekend } from "./days.ts";

export type DayType = "calendar" | "business";
/** A time limit of the contract: 1 to 365 days of one type. */
export type Limit = { days: number; dayType: DayType };

/**
 * What the engine needs to know about days beyond weekends. The server builds it from the
 * organization's holiday region and closure days (src/server/lib/procedure); tests build their
 * own. The engine itself knows no holiday, so it stays pure and exactly testable.
 */
export interface WorkCalendar {
  /** The public holiday of the region on that day (unless the contract works it), or null. */
  holidayName(date: IsoDate): string | null;
  /** A holiday the contract grants on top of the region's (issue 30), or null. */
  contractHolidayName?(date: IsoDate): string | null;
  /** The local's own closure day (office closed), or null. */
  closureName(date: IsoDate): string | null;
  /**
   * The holiday region the names come from ("US-CA"), kept on the explanation's line so the
   * holiday is named in each reader's language (issue 31).
   */
  region?: string | null;
}

/**
 * A due date and, line by line, how it was reached (product-decisions.md 27): each line a kind
 * and its parameters, rendered in the reader's language (shared/i18n/render-line.ts).
 */
export interface Computed {
  dueDate: IsoDate;
  explanation: TextLine[];
}

// No limit reaches this far (365 business days with every holiday of a year is under 600
// days); it only stops a loop should a calendar close every day.
const MAX_SCAN_DAYS = 3660;

/**
 * Why a day is not a business day, or null when it is one. A holiday says which list it came
 * from (product-decisions.md 34): the contract's own, or the region's public holidays; a day on
 * both is the contract's. A closure is named as the local named it.
 */
function nonBusinessReason(d: IsoDate, calendar: WorkCalendar): TLineReason | "weekend" | null {
  if (isWeekend(d)) return "weekend";
  const region = calendar.region ?? null;
  const contract = calendar.contractHolidayName?.(d) ?? null;
  if (contract !== null) return { type: "holiday", region, contract: true, name: contract };
  const holiday = calendar.holidayName(d);
  if (holiday !== null) return { type: "holiday", region, contract: false, name: holiday };
  const closure = calendar.closureName(d);
  return closure === null ? null : { type: "closure", name: closure };
}

export function isBusinessDay(d: IsoDate, calendar: WorkCalendar): boolean {
  return nonBusinessReason(d, calendar) === null;
}

/** The first business day after `d` (what an extension onto a day off is offered instead). */
export function nextBusinessDay(d: IsoDate, calendar: WorkCalendar): IsoDate {
  let day = addDays(d, 1);
  for (let i = 0; i < MAX_SCAN_DAYS && !isBusinessDay(day, calendar); i++) day = addDays(day, 1);
  return day;
}

/**
 * Collects skipped days into explanation lines: a Saturday and Sunday side by side become
 * "skipped weekend 28 to 29 Nov"; a holiday or closure is named ("skipped Thu 26 Nov
 * (Thanksgiving Day, public holiday)", "skipped Fri 27 Nov (Day after Thanksgiving, contract
 * holiday)", "skipped Mon 28 Dec (Union office closed)").
 */
class SkipLog {
  readonly lines: TextLine[] = [];
  private weekendStart: IsoDate | null = null;
  private weekendEnd: IsoDate | null = null;

  skip(d: IsoDate, reason: TLineReason | "weekend"): void {
    if (reason === "weekend") {
      if (this.weekendEnd !== null && daysBetween(this.weekendEnd, d) === 1) {
        this.weekendEnd = d;
        return;
      }
      this.flush();
      this.weekendStart = d;
      this.weekendEnd = d;
      return;
    }
    this.flush();
    this.lines.push(line("line.skipped", { day: d, reason }));
  }

  flush(): void {
    const start = this.weekendStart;
    const end = this.weekendEnd;
    if (start === null || end === null) return;
    this.weekendStart = null;
    this.weekendEnd = null;
    this.lines.push(
      start === end
        ? line("line.skippedWeekendDay", { day: start })
        : line("line.skippedWeekend", { from: start, to: end }),
    );
  }
}

/** Moves forward `n` business days from `start` (exclusive), logging every day skipped. */
function advanceBusinessDays(start: IsoDate, n: number, calendar: WorkCalendar, log: SkipLog) {
  let d = start;
  let counted = 0;
  for (let scanned = 0; counted < n; scanned++) {
    if (scanned > MAX_SCAN_DAYS) throw new RangeError("No business day within ten years");
    d = addDays(d, 1);
    const reason = nonBusinessReason(d, calendar);
    if (reason === null) counted++;
    else log.skip(d, reason);
  }
  return d;
}

/** From `d` onward, the first business day (d itself when it is one), logging days skipped. */
function rollForward(d: IsoDate, calendar: WorkCalendar, log: SkipLog): IsoDate {
  let day = d;
  for (let scanned = 0; ; scanned++) {
    if (scanned > MAX_SCAN_DAYS) throw new RangeError("No business day within ten years");
    const reason = nonBusinessReason(day, calendar);
    if (reason === null) return day;
    log.skip(day, reason);
    day = addDays(day, 1);
  }
}

function checkLimit(limit: Limit): void {
  if (!Number.isInteger(limit.days) || limit.days < 1 || limit.days > 365) {
    throw new RangeError(`A limit is 1 to 365 days, not ${limit.days}`);
  }
}

/**
 * The due date of a limit that starts with an event on `from` (product-decisions.md 26): the
 * event's day is day 0. Business limits count only business days; calendar limits count every
 * day and, when the last one is not a business day, roll forward to the next business day.
 */
export function computeDueDate(a: {
  from: IsoDate;
  fromLabel: TLineFrom;
  heading: TLineHeading;
  limit: Limit;
  calendar: WorkCalendar;
}): Computed {
  checkLimit(a.limit);
  const explanation: TextLine[] = [
    line("line.computed", { heading: a.heading, limit: a.limit, day: a.from, from: a.fromLabel }),
  ];
  const log = new SkipLog();
  let due: IsoDate;
  if (a.limit.dayType === "business") {
    due = advanceBusinessDays(a.from, a.limit.days, a.calendar, log);
  } else {
    const last = addDays(a.from, a.limit.days);
    due = rollForward(last, a.calendar, log);
    if (due !== last) {
      explanation.push(line("line.rolled", { n: a.limit.days, day: last }));
    }
  }
  log.flush();
  explanation.push(...log.lines, line("line.due", { day: due }));
  return { dueDate: due, explanation };
}

/** A pause of a running deadline: the days after `from` up to and including `to`. */
interface Pause {
  dueDate: IsoDate;
  explanation: TextLine[];
  dayType: DayType;
  calendar: WorkCalendar;
}

/** The days of a pause in the deadline's own day type (business pauses skip non-business days). */
function pausedDays(from: IsoDate, to: IsoDate, dayType: DayType, calendar: WorkCalendar) {
  const span = daysBetween(from, to);
  if (span < 0) throw new RangeError("A pause cannot end before it starts");
  if (dayType === "calendar") return span;
  let held = 0;
  for (let i = 1; i <= span; i++) if (isBusinessDay(addDays(from, i), calendar)) held++;
  return held;
}

/** Moves an open due date by `held` days of its type and appends the lines that say so. */
function moveBy(a: Pause, held: number, why: TextLine): Computed {
  const explanation = [...a.explanation, why];
  if (held === 0) {
    explanation.push(line("line.unchanged", { day: a.dueDate }));
    return { dueDate: a.dueDate, explanation };
  }
  explanation.push(
    line("line.movedBy", { limit: { days: held, dayType: a.dayType }, day: a.dueDate }),
  );
  const log = new SkipLog();
  let due: IsoDate;
  if (a.dayType === "business") {
    due = advanceBusinessDays(a.dueDate, held, a.calendar, log);
  } else {
    const moved = addDays(a.dueDate, held);
    due = rollForward(moved, a.calendar, log);
    if (due !== moved) {
      explanation.push(line("line.notBusiness", { day: moved }));
    }
  }
  log.flush();
  explanation.push(...log.lines, line("line.due", { day: due }));
  return { dueDate: due, explanation };
}

/**
 * A hold (abeyance) from `heldOn` to `resumedOn` stops the clock: an open due date moves by the
 * days held, counted in the deadline's own day type (the days after `heldOn` up to and
 * including `resumedOn`; business holds leave weekends, holidays and closures out). A
 * calendar deadline's new date rolls forward like any calendar due date. The earlier lines
 * stay, the hold's are appended (product-decisions.md 27).
 */
export function shiftForHold(a: Pause & { heldOn: IsoDate; resumedOn: IsoDate }): Computed {
  const held = pausedDays(a.heldOn, a.resumedOn, a.dayType, a.calendar);
  return moveBy(
    a,
    held,
    line("line.held", {
      from: a.heldOn,
      to: a.resumedOn,
      limit: { days: held, dayType: a.dayType },
    }),
  );
}

/**
 * Tolling while the employer withholds information (product-decisions.md 35): the running
 * deadline stops counting from the day a request is served until the day its last item is
 * answered, exactly as a hold would, and the explanation says why.
 */
export function shiftForInformation(
  a: Pause & { servedOn: IsoDate; answeredOn: IsoDate },
): Computed {
  const held = pausedDays(a.servedOn, a.answeredOn, a.dayType, a.calendar);
  return moveBy(
    a,
    held,
    line("line.tolled", {
      from: a.servedOn,
      to: a.answeredOn,
      limit: { days: held, dayType: a.dayType },
    }),
  );
}
