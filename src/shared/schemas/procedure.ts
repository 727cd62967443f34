import { z } from "zod";
import { isTimeZone } from "../deadline-engine/days.ts";
import { ARBITRATION, defaultStepName } from "../i18n/default-labels.ts";
import { ZTextLine } from "../i18n/text-lines.ts";
import { zDay } from "./dates.ts";

/** The grievance procedure of an organization (issue 17; product-decisions.md 25 to 27). */
export const ProcedureMessages = {
  days: "Enter a number of days from 1 to 365",
  stepName: "Give the step a name",
  stepsMin: "Add at least one step",
  stepsMax: "A procedure has at most 10 steps",
  lastStepAppeal: "The last step has no appeal",
  date: "Enter a date as YYYY-MM-DD",
  closureName: "Say what the closure is",
  stepNameMax: "A step's name can be at most 60 characters",
  closureNameMax: "A closure's name can be at most 80 characters",
  closureDuplicate: "This date is already a closure day",
  closuresMax: "At most 100 closure days",
  region: "Choose a holiday region from the list",
  timeZone: "Choose a time zone such as America/New_York",
  appealText: "Say how a member appeals the local's decision (up to 2000 characters)",
  holidayName: "Name the contract holiday",
  holidayDuplicate: "This date is already listed",
  holidaysMax: "At most 100 dates",
  holidayNotPublic: "Only a public holiday of the region can be removed",
  year: "Enter a year from 1900 to 2199",
} as const;

export const DAY_TYPES = ["business", "calendar"] as const;
export const ZDayType = z.enum(DAY_TYPES);

export const ZLimit = z.object({
  days: z
    .number(ProcedureMessages.days)
    .int(ProcedureMessages.days)
    .min(1, ProcedureMessages.days)
    .max(365, ProcedureMessages.days),
  dayType: ZDayType,
});
export type TLimit = z.infer<typeof ZLimit>;

/** A plain day, "YYYY-MM-DD", that exists (2028-02-29 does, 2027-02-29 does not). */
export const ZIsoDate = zDay(ProcedureMessages.date);

/**
 * What the agreement makes of the employer's silence at a step (issue 20): the answer is
 * deemed a denial when its deadline passes (the union's appeal deadline then runs from the
 * missed date), or nothing follows and the steward decides.
 */
export const NO_ANSWER_RULES = ["deemed_denied", "none"] as const;
export type TNoAnswerRule = (typeof NO_ANSWER_RULES)[number];
export const DEFAULT_NO_ANSWER: TNoAnswerRule = "deemed_denied";

export const ZProcedureStep = z.object({
  name: z.string().trim().min(1, ProcedureMessages.stepName).max(60, ProcedureMessages.stepNameMax),
  responseLimit: ZLimit.nullable(),
  appealLimit: ZLimit.nullable(),
  onNoAnswer: z.enum(NO_ANSWER_RULES).default(DEFAULT_NO_ANSWER),
});
export type TProcedureStep = z.infer<typeof ZProcedureStep>;

export const ZClosure = z.object({
  date: ZIsoDate,
  name: z
    .string()
    .trim()
    .min(1, ProcedureMessages.closureName)
    .max(80, ProcedureMessages.closureNameMax),
});
export type TClosure = z.infer<typeof ZClosure>;

/** A list of dates with no date twice, the duplicate named at its place. */
const uniqueDates = <T>(item: z.ZodType<T>, dateOf: (x: T) => string, path: (string | number)[]) =>
  z
    .array(item)
    .max(100, ProcedureMessages.holidaysMax)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((x, i) => {
        const d = dateOf(x);
        if (seen.has(d)) {
          ctx.addIssue({
            code: "custom",
            path: [i, ...path],
            message: ProcedureMessages.holidayDuplicate,
          });
        }
        seen.add(d);
      });
    });

export const ZContractHoliday = z.object({
  date: ZIsoDate,
  name: z
    .string()
    .trim()
    .min(1, ProcedureMessages.holidayName)
    .max(80, ProcedureMessages.holidayName),
});
export type TContractHoliday = z.infer<typeof ZContractHoliday>;

/**
 * The contract's holidays on top of the region's (issue 30, product-decisions.md 34): public
 * holidays the contract works (`removed`: a private-sector contract may work Columbus Day) and
 * its own (`added`: the day after Thanksgiving).
 */
export const ZContractHolidays = z.object({
  removed: uniqueDates(ZIsoDate, (d) => d, []),
  added: uniqueDates(ZContractHoliday, (h) => h.date, ["date"]),
});
export type TContractHolidays = z.infer<typeof ZContractHolidays>;
export const noContractHolidays = (): TContractHolidays => ({ removed: [], added: [] });

/** "US", "US-CA", "CA-ON": a country, or a country and its state or province (ISO 3166). */
export const ZHolidayRegion = z
  .string()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, ProcedureMessages.region);

export const ZTimeZone = z.string().refine(isTimeZone, ProcedureMessages.timeZone);

const steps = z
  .array(ZProcedureStep)
  .min(1, ProcedureMessages.stepsMin)
  .max(10, ProcedureMessages.stepsMax)
  .superRefine((list, ctx) => {
    const last = list.length - 1;
    if (last >= 0 && list[last]?.appealLimit !== null) {
      ctx.addIssue({
        code: "custom",
        path: [last, "appealLimit"],
        message: ProcedureMessages.lastStepAppeal,
      });
    }
  });

const closures = z
  .array(ZClosure)
  .max(100, ProcedureMessages.closuresMax)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      if (seen.has(c.date)) {
        ctx.addIssue({
          code: "custom",
          path: [i, "date"],
          message: ProcedureMessages.closureDuplicate,
        });
      }
      seen.add(c.date);
    });
  });

/** The employer's time to answer an information request (product-decisions.md 35). */
export const DEFAULT_INFORMATION_LIMIT: TLimit = { days: 10, dayType: "business" };
/**
 * The local's own appeal route against its decision not to go on (product-decisions.md 36):
 * named in every decision notice, with its deadline counted from the notice when `days` is set.
 */
export const ZInternalAppeal = z.object({
  text: z
    .string()
    .trim()
    .min(1, ProcedureMessages.appealText)
    .max(2000, ProcedureMessages.appealText),
  days: ZLimit.shape.days.nullable(),
});
export type TInternalAppeal = z.infer<typeof ZInternalAppeal>;

/** Issue 34's defaults: 10 business days without contact flags a case; 2 to answer a question. */
export const DEFAULT_CONTACT_LIMIT: TLimit = { days: 10, dayType: "business" };
export const DEFAULT_REPLY_LIMIT: TLimit = { days: 2, dayType: "business" };

export const ZProcedure = z.object({
  filingLimit: ZLimit,
  steps,
  holidayRegion: ZHolidayRegion.nullable(),
  closures,
  holidays: ZContractHolidays.default(noContractHolidays),
  timeZone: ZTimeZone,
  informationResponseLimit: ZLimit.default(DEFAULT_INFORMATION_LIMIT),
  /** The running deadline stops while an information request is pending (issue 33). */
  tollWhileInformationPending: z.boolean().default(false),
  /** Fair representation (issue 34): the contact limit, the reply limit, the internal appeal. */
  contactLimit: ZLimit,
  replyLimit: ZLimit,
  internalAppeal: ZInternalAppeal.nullable(),
});
export type TProcedure = z.infer<typeof ZProcedure>;
/** Kept as the contract names it (docs/decisions/017). */
export type Procedure = TProcedure;

/**
 * PUT /api/organization/procedure; a body without holidays (issue 30), without timeZone, without the information request
 * settings (issue 33) or without the representation settings (issue 34) keeps the current ones.
 */
export const ZProcedureInput = ZProcedure.extend({
  holidays: ZContractHolidays.optional(),
  timeZone: ZTimeZone.optional(),
  informationResponseLimit: ZLimit.optional(),
  tollWhileInformationPending: z.boolean().optional(),
  contactLimit: ZLimit.optional(),
  replyLimit: ZLimit.optional(),
  internalAppeal: ZInternalAppeal.nullable().optional(),
});
export type TProcedureInput = z.infer<typeof ZProcedureInput>;

export const DEFAULT_TIME_ZONE = "America/New_York";
export const DEFAULT_HOLIDAY_REGION = "US";

/** A new organization's procedure, and every existing one's until an admin changes it. */
export function defaultProcedure(
  holidayRegion: string | null = DEFAULT_HOLIDAY_REGION,
): TProcedure {
  const tenBusinessDays = (): TLimit => ({ days: 10, dayType: "business" });
  const step = (name: string, last = false): TProcedureStep => ({
    name,
    responseLimit: tenBusinessDays(),
    appealLimit: last ? null : tenBusinessDays(),
    onNoAnswer: DEFAULT_NO_ANSWER,
  });
  return {
    filingLimit: { days: 30, dayType: "calendar" },
    // The product's words, read in each reader's language until renamed (decision 039).
    steps: [0, 1, 2].map((i) => step(defaultStepName(i))).concat(step(ARBITRATION, true)),
    holidayRegion,
    closures: [],
    holidays: noContractHolidays(),
    timeZone: DEFAULT_TIME_ZONE,
    informationResponseLimit: { ...DEFAULT_INFORMATION_LIMIT },
    tollWhileInformationPending: false,
    contactLimit: DEFAULT_CONTACT_LIMIT,
    replyLimit: DEFAULT_REPLY_LIMIT,
    internalAppeal: null,
  };
}

/** GET /api/procedure/deadline-preview */
export const ZDeadlinePreviewQuery = z.object({
  from: ZIsoDate,
  days: z.coerce
    .number()
    .int(ProcedureMessages.days)
    .min(1, ProcedureMessages.days)
    .max(365, ProcedureMessages.days),
  dayType: ZDayType,
});
/** A due date and how it was reached: the lines (rendered for the reader) and their English. */
export const ZComputed = z.object({
  dueDate: z.string(),
  lines: z.array(ZTextLine),
  explanation: z.array(z.string()),
});
export type TComputed = z.infer<typeof ZComputed>;

/** GET /api/procedure/public-holidays: a region's public holidays of a year (issue 30). */
export const ZPublicHolidaysQuery = z.object({
  region: ZHolidayRegion,
  year: z.coerce
    .number(ProcedureMessages.year)
    .int(ProcedureMessages.year)
    .min(1900, ProcedureMessages.year)
    .max(2199, ProcedureMessages.year),
});
export const ZPublicHolidays = z.object({
  holidays: z.array(
    z.object({
      date: z.string(),
      /** English, as the deadline engine writes it. */
      name: z.string(),
      /** The name in every offered language, by code (the browser has no holiday library). */
      names: z.record(z.string(), z.string()),
    }),
  ),
});
export type TPublicHolidays = z.infer<typeof ZPublicHolidays>;

/** GET /api/procedure/holiday-regions: what date-holidays knows, for the region picker. */
export const ZHolidayRegions = z.object({
  countries: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      states: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
});
export type THolidayRegions = z.infer<typeof ZHolidayRegions>;
