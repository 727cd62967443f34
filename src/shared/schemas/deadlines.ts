import { z } from "zod";
import { DEADLINE_KINDS, DEADLINE_STATES, ZPersonRef, ZStepRef } from "./grievances.ts";
import { LimitMessages } from "./limit-messages.ts";

/* ---- The steward's board, the workload, reminders and the calendar feed (issue 18) ---- */

/** The board's groups; `?due=` filters by one of them (or all). */
export const BOARD_DUE = ["overdue", "today", "week", "all"] as const;
export type TBoardDue = (typeof BOARD_DUE)[number];

/** A grievant who has heard nothing for this many days is flagged on the board and in digests. */
export const GRIEVANT_QUIET_DAYS = 14;

export const ZBoardQuery = z.object({
  due: z.enum(BOARD_DUE).default("all"),
  /** me, unassigned, or a person's id. */
  assignee: z
    .string()
    .trim()
    .min(1, "Not a person's id")
    .max(100, "Not a person's id")
    .regex(/^[\w-]+$/, "Not a person's id")
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, LimitMessages.pageSize)
    .max(100, LimitMessages.pageSize)
    .default(50),
  cursor: z.string().max(200, LimitMessages.cursor).optional(),
});
export type TBoardQuery = z.input<typeof ZBoardQuery>;

export const ZBoardItem = z.object({
  grievanceId: z.string(),
  subject: z.string(),
  kind: z.enum(DEADLINE_KINDS),
  step: ZStepRef,
  dueDate: z.string(),
  state: z.enum(DEADLINE_STATES),
  assignee: ZPersonRef.nullable(),
  /** Days from the organization's today to the due date: negative when overdue. */
  daysLeft: z.number().int(),
  grievantLastUpdatedAt: z.string(),
  /** The grievant has heard nothing for GRIEVANT_QUIET_DAYS days or more. */
  grievantQuiet: z.boolean(),
  /**
   * Issue 34: days since the grievant waiting longest was last contacted (null for a policy
   * grievance), and whether that is past the local's contact limit.
   */
  daysSinceContact: z.number().int().nullable(),
  contactOverdue: z.boolean(),
});
export type TBoardItem = z.infer<typeof ZBoardItem>;

export const ZBoardPage = z.object({
  items: z.array(ZBoardItem),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type TBoardPage = z.infer<typeof ZBoardPage>;

/**
 * GET /api/deadlines/held: the open grievances on hold (issue 30), whose deadline is paused and
 * so on no group of the board; the longest held first, at most `limit` (the same assignee
 * filter as the board).
 */
export const ZHeldQuery = ZBoardQuery.pick({ assignee: true, limit: true });
export const ZHeldItem = z.object({
  grievanceId: z.string(),
  subject: z.string(),
  step: ZStepRef,
  /** The day the hold began (the organization's day). */
  heldSince: z.string(),
  reason: z.string(),
  assignee: ZPersonRef.nullable(),
});
export type THeldItem = z.infer<typeof ZHeldItem>;
export const ZHeldList = z.object({ items: z.array(ZHeldItem), total: z.number().int() });
export type THeldList = z.infer<typeof ZHeldList>;

export const ZWorkloadRow = z.object({
  person: ZPersonRef,
  role: z.enum(["admin", "steward"]),
  openCases: z.number().int(),
  overdue: z.number().int(),
  dueThisWeek: z.number().int(),
  /** The open case assigned to them that has gone longest without any change. */
  oldestQuiet: z.object({ grievanceId: z.string(), since: z.string() }).nullable(),
});
export type TWorkloadRow = z.infer<typeof ZWorkloadRow>;

export const ZWorkload = z.object({
  stewards: z.array(ZWorkloadRow),
  unassigned: z.number().int(),
});
export type TWorkload = z.infer<typeof ZWorkload>;

/** The board's kind column. */
export const KIND_LABELS: Record<(typeof DEADLINE_KINDS)[number], string> = {
  response: "Employer answer due",
  appeal: "Our appeal due",
  filing: "Filing limit",
  remedy: "Remedy payment due",
};

/** A deadline in one line, for calendars and mails: 'G-2026-0042 Step 2: employer answer due'. */
export function deadlineTitle(
  grievanceId: string,
  stepName: string,
  kind: (typeof DEADLINE_KINDS)[number],
): string {
  const what = KIND_LABELS[kind].toLowerCase();
  return `${grievanceId} ${stepName}: ${what}`;
}

/** 'in 3 days', 'tomorrow', 'today', '1 day overdue', '4 days overdue'. */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft === 0) return "today";
  if (daysLeft === 1) return "tomorrow";
  if (daysLeft > 1) return `in ${daysLeft} days`;
  return `${-daysLeft} ${daysLeft === -1 ? "day" : "days"} overdue`;
}

export const ZCalendarCreate = z.object({
  /** all: every deadline of the local (admins only). */
  scope: z.enum(["mine", "all"]).default("mine"),
});
export const ZCalendarFeed = z.object({ url: z.string() });
export const ZCalendarStatus = z.object({
  active: z.boolean(),
  scope: z.enum(["mine", "all"]).nullable(),
  createdAt: z.string().nullable(),
});
export type TCalendarStatus = z.infer<typeof ZCalendarStatus>;

export const ZReminderSettings = z.object({
  threeDays: z.boolean(),
  oneDay: z.boolean(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;
