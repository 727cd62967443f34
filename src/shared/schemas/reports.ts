import { z } from "zod";
import { DEADLINE_KINDS, ZDay } from "./grievances.ts";

/* ---- Reports (issue 21): what the grievances add up to, for stewards and admins ---- */

export const REPORT_GROUPS = [
  "month",
  "article",
  "department",
  "location",
  "jobTitle",
  "outcome",
  "step",
] as const;
export type TReportGroupBy = (typeof REPORT_GROUPS)[number];

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 3660;

export const ReportMessages = {
  groupBy: `Choose what to group by: ${REPORT_GROUPS.join(", ")}.`,
  range: "The start of the range must not be after its end.",
  tooLong: "A report can cover at most ten years.",
} as const;

const dayDiff = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** from and to are days in the organization's time zone, both included. */
const inRange = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: ReportMessages.range,
      path: ["from"],
    })
    .refine((q) => !q.from || !q.to || dayDiff(q.from, q.to) < REPORT_MAX_DAYS, {
      message: ReportMessages.tooLong,
      path: ["from"],
    });

export const ZReportRangeQuery = inRange(z.object({ from: ZDay.optional(), to: ZDay.optional() }));
export const ZReportQuery = inRange(
  z.object({
    groupBy: z.enum(REPORT_GROUPS, { message: ReportMessages.groupBy }),
    from: ZDay.optional(),
    to: ZDay.optional(),
  }),
);
export type TReportQuery = z.input<typeof ZReportQuery>;

/**
 * One group. `filed` and `open` count the grievances filed in the range (open: not closed
 * today); `closed`, the outcomes and the median count those closed in the range. Won at
 * arbitration counts as granted, lost at arbitration as denied. The median is in days from the
 * filing day to the closing day, null when nothing closed.
 */
export const ZReportGroup = z.object({
  key: z.string(),
  filed: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  granted: z.number().int(),
  settled: z.number().int(),
  denied: z.number().int(),
  withdrawn: z.number().int(),
  medianDaysToClose: z.number().nullable(),
});
export type TReportGroup = z.infer<typeof ZReportGroup>;

export const ZReport = z.object({
  from: z.string(),
  to: z.string(),
  groups: z.array(ZReportGroup),
});
export type TReport = z.infer<typeof ZReport>;

/** GET /api/reports/summary: the range's totals, its deadlines and its back pay. */
export const ZReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  filed: z.number().int(),
  closed: z.number().int(),
  /** (granted + settled) / (granted + settled + denied); null when none of them. */
  winRate: z.number().nullable(),
  medianDaysToClose: z.number().nullable(),
  /** Deadlines that fell due in the range, by kind: met, missed, still running. */
  deadlines: z.array(
    z.object({
      kind: z.enum(DEADLINE_KINDS),
      met: z.number().int(),
      missed: z.number().int(),
      open: z.number().int(),
    }),
  ),
  /**
   * The employer's answers to information requests (issue 33): requests fully answered in the
   * range, the median days from service to the last answer, and the share answered by the
   * due date (null when none was answered).
   */
  information: z.object({
    answered: z.number().int(),
    medianDaysToAnswer: z.number().nullable(),
    answeredInTime: z.number().nullable(),
  }),
  backPay: z.object({
    /** Money remedies of the grievances closed in the range. */
    awardedCents: z.number().int(),
    /** Of those, confirmed received. */
    recoveredCents: z.number().int(),
    currency: z.string(),
  }),
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

/** Labels of the group keys that are codes. */
export const REPORT_GROUP_LABELS: Record<TReportGroupBy, string> = {
  month: "Month",
  article: "Article",
  department: "Department",
  location: "Location",
  jobTitle: "Job title",
  outcome: "Outcome",
  step: "Step",
};

/** Win rate: settled counts as a win, withdrawn is left out (nobody decided it). */
export function winRate(g: Pick<TReportGroup, "granted" | "settled" | "denied">): number | null {
  const decided = g.granted + g.settled + g.denied;
  return decided === 0 ? null : (g.granted + g.settled) / decided;
}
