import { z } from "zod";
import { line, type TextLine, ZTextLine } from "../i18n/text-lines.ts";
import { OUTCOME_LABELS, OUTCOMES, type TOutcome } from "../outcomes.ts";
import { zDay } from "./dates.ts";
import { LimitMessages } from "./limit-messages.ts";
import {
  RepresentationMessages,
  ZContact,
  ZDecisionReason,
  ZGrievantContact,
  ZLastContact,
  ZNotice,
  ZQuestion,
} from "./representation.ts";

/** The spec's wording (portal spec, sections 4, 5 and 8). */
export const GrievanceMessages = {
  fullName: "Full name is required",
  badgeNumber: "Badge number is required",
  jobTitle: "Job title is required",
  fullNameMax: "A full name can be at most 120 characters.",
  badgeNumberMax: "A badge number can be at most 50 characters.",
  listValueMax: "Choose from your organization's list.",
  descriptionMax: "A description can be at most 10,000 characters.",
  remedyMax: "The remedy sought can be at most 5,000 characters.",
  commentMax: "A comment can be at most 5,000 characters.",
  grievantsMax: "Name at most 200 grievants.",
  agreedWithMax: "Say who agreed in at most 200 characters.",
  amountMax: "The amount can be at most 100,000,000.",
  remedyForMax: "Say what the remedy is for in at most 500 characters.",
  summaryMax: "The summary can be at most 5,000 characters.",
  stepIndex: "Not a step of the procedure.",
  department: "Department is required",
  location: "Location is required",
  description: "Please provide a detailed description",
  remedy: "Please describe the remedy you are seeking",
  commentBlank: "A comment must not be blank.",
  searchTooShort: "Type at least 3 characters to search.",
  incidentDate: "Please enter the date as YYYY-MM-DD.",
  incidentInFuture: "The incident date cannot be in the future.",
  subject: "A subject can be at most 120 characters.",
  article: "Each article can be at most 100 characters.",
  articles: "Cite at most 20 articles.",
  grievants: "Choose the grievants from your organization's directory.",
  grievantOne: "Name the grievant by userId or by rosterId, one of the two.",
  grievantRoster: "Choose the grievant from your organization's roster.",
  related: "Choose related grievances of your organization.",
  relatedSelf: "A grievance cannot be related to itself.",
  notInList: {
    jobTitle: "Please choose a job title from your organization's list.",
    department: "Please choose a department from your organization's list.",
    location: "Please choose a location from your organization's list.",
  },
} as const;

export const GRIEVANCE_STATUSES = ["new", "pending", "escalated", "resolved"] as const;
export type TGrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const ZGrievanceStatus = z.enum(GRIEVANCE_STATUSES);

const required = (message: string, min: number, max: number, tooLong: string) =>
  z.string({ message }).trim().min(min, message).max(max, tooLong);

/** A day in the organization's time zone, "YYYY-MM-DD" (product-decisions.md 26). */
export const ZDay = zDay(GrievanceMessages.incidentDate);

export const SUBJECT_MAX = 120;

/**
 * The subject a grievance gets when none is given (issue 14): the description's first words,
 * cut at a word boundary, with an ellipsis when cut.
 */
export function defaultSubject(description: string, max = 80): string {
  const text = description.trim().replace(/\s+/g, " ");
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** How many grievances one may be linked to. */
export const RELATED_MAX = 50;

export const GRIEVANCE_TYPES = ["individual", "group", "policy"] as const;
export type TGrievanceType = (typeof GRIEVANCE_TYPES)[number];

const ZGrievanceFields = z.object({
  /** Optional; the description's first words when left out. */
  subject: z.string().trim().max(SUBJECT_MAX, GrievanceMessages.subject).optional(),
  /** Optional; not in the future (checked on the server against the organization's own day). */
  incidentDate: z
    .union([ZDay, z.literal("")])
    .optional()
    .transform((d) => d || undefined),
  /** Contract articles cited, free text ('Art. 12.3 Overtime'). */
  articles: z
    .array(z.string().trim().min(1, GrievanceMessages.article).max(100, GrievanceMessages.article))
    .max(20, GrievanceMessages.articles)
    .default([]),
  name: required(GrievanceMessages.fullName, 2, 120, GrievanceMessages.fullNameMax),
  badgeNumber: required(GrievanceMessages.badgeNumber, 1, 50, GrievanceMessages.badgeNumberMax),
  /**
   * Issue 30: a policy grievance has no individual grievant, so no job title; any other needs
   * one (checked below with the type).
   */
  jobTitle: z.string().trim().max(100, GrievanceMessages.listValueMax).default(""),
  department: required(GrievanceMessages.department, 1, 100, GrievanceMessages.listValueMax),
  location: required(GrievanceMessages.location, 1, 100, GrievanceMessages.listValueMax),
  description: required(
    GrievanceMessages.description,
    10,
    10_000,
    GrievanceMessages.descriptionMax,
  ),
  remedy: required(GrievanceMessages.remedy, 10, 5_000, GrievanceMessages.remedyMax),
  /** Issue 19: members file individual ones only; stewards and admins also group and policy. */
  type: z.enum(GRIEVANCE_TYPES).default("individual"),
  /**
   * group: further grievants chosen from the directory (the filer is one unless a steward), by
   * account id or roster id (issue 29).
   */
  grievantIds: z
    .array(z.string().min(1, GrievanceMessages.grievants).max(100, GrievanceMessages.grievants))
    .max(200, GrievanceMessages.grievantsMax)
    .default([]),
  /**
   * Stewards and admins (issue 29): the roster person this grievance is filed for, who may
   * have no account; on a group grievance, one more grievant.
   */
  grievantRosterId: z.string().trim().max(100, GrievanceMessages.grievantRoster).optional(),
  /** Stewards and admins: grievances of the organization this one is linked to (both ways). */
  relatedIds: z
    .array(z.string().trim().min(1, GrievanceMessages.related).max(40, GrievanceMessages.related))
    .max(RELATED_MAX, `Link at most ${RELATED_MAX} related grievances.`)
    .default([]),
});

/** Issue 30: a policy grievance has no individual grievant, so no job title; any other needs one. */
export const ZGrievanceInput = ZGrievanceFields.superRefine((v, ctx) => {
  if (v.type !== "policy" && !v.jobTitle)
    ctx.addIssue({ code: "custom", path: ["jobTitle"], message: GrievanceMessages.jobTitle });
});
export type TGrievanceInput = z.input<typeof ZGrievanceInput>;

export const ZStatusChange = z.object({
  status: z.enum(["pending", "escalated", "resolved"]),
  note: z.string().trim().max(2000, LimitMessages.note).optional(),
});
export type TStatusChange = z.infer<typeof ZStatusChange>;

/** A comment the grievant sees, or (stewards and admins) an internal note they never see (product-decisions.md 28). */
export const ZComment = z.object({
  text: z
    .string({ message: GrievanceMessages.commentBlank })
    .trim()
    .min(1, GrievanceMessages.commentBlank)
    .max(5000, GrievanceMessages.commentMax),
  internal: z.boolean().default(false),
});
export type TCommentInput = z.input<typeof ZComment>;

/**
 * Which status moves the screens and the server allow (product-decisions.md 18 and 25).
 * Escalate means 'appeal to the next step': from any open status, but never at the last step
 * (the server checks the step; `actions` in the detail answer says what is allowed now).
 */
export const TRANSITIONS: Record<TGrievanceStatus, readonly TStatusChange["status"][]> = {
  // Closing is the close action with its outcome (issue 30), never a bare status change.
  new: ["pending", "escalated"],
  pending: ["escalated"],
  escalated: ["escalated"],
  resolved: [],
};
export const canMoveTo = (from: TGrievanceStatus, to: TStatusChange["status"]) =>
  TRANSITIONS[from].includes(to);

/* ---- Procedure steps and deadlines (issue 17, product-decisions.md 25 to 28) ---- */

export const DEADLINE_KINDS = ["filing", "response", "appeal", "remedy"] as const;
export type TDeadlineKind = (typeof DEADLINE_KINDS)[number];
/** `closed`: still running when the grievance closed, or replaced by a reopening: neither met nor missed. */
export const DEADLINE_STATES = ["open", "met", "missed", "paused", "closed"] as const;
export type TDeadlineState = (typeof DEADLINE_STATES)[number];
export const DECISIONS = ["denied", "granted", "partial"] as const;
export type TDecision = (typeof DECISIONS)[number];
/**
 * A decision in words, as the log and the mails store it (issue 30: not the raw 'partial';
 * entries written before say 'partial', and read the same).
 */
export const DECISION_WORDS: Record<TDecision, string> = {
  denied: "denied",
  granted: "granted",
  partial: "partly granted",
};

/** Where a grievance stands: `index` counts from 0 (Step 1 is index 0). */
export const ZStepRef = z.object({
  index: z.number().int().min(0, GrievanceMessages.stepIndex),
  name: z.string(),
});
export type TStepRef = z.infer<typeof ZStepRef>;

export const ZDeadline = z.object({
  id: z.string(),
  /**
   * filing: the union's limit to file; response: the employer's answer; appeal: the union's
   * appeal; remedy: the employer's payment of a money remedy (issue 19).
   */
  kind: z.enum(DEADLINE_KINDS),
  step: ZStepRef,
  dueDate: z.string(),
  state: z.enum(DEADLINE_STATES),
  /** The due date before the latest extension, if extended. */
  extendedFrom: z.string().nullable(),
  /**
   * How the date was computed, line by line, with every extension and hold after: the lines
   * as stored (rendered in the reader's language) and their English.
   */
  lines: z.array(ZTextLine),
  explanation: z.array(z.string()),
  /** The day it was met or closed, null while it runs. */
  closedOn: z.string().nullable(),
});
export type TDeadline = z.infer<typeof ZDeadline>;

/** The deadline that runs now, with a sentence a grievant understands. */
export const ZNextDeadline = z.object({
  id: z.string(),
  kind: z.enum(DEADLINE_KINDS),
  step: ZStepRef,
  dueDate: z.string(),
  state: z.enum(DEADLINE_STATES),
  /** Days past the due date in the organization's time zone (0 when not overdue). */
  daysOverdue: z.number().int(),
  /** 'Waiting for the employer's answer, due Tue 8 Dec'. */
  summary: z.string(),
});
export type TNextDeadline = z.infer<typeof ZNextDeadline>;

export const ZPersonRef = z.object({ id: z.string(), name: z.string() });

export const ZAnswer = z.object({
  step: ZStepRef,
  receivedOn: z.string(),
  decision: z.enum(DECISIONS),
  /** What the employer wrote; for an answer the agreement deems given, the line's English. */
  text: z.string(),
  /** An answer the agreement deems given (no one wrote it): rendered for the reader. */
  line: ZTextLine.optional(),
});
export type TAnswer = z.infer<typeof ZAnswer>;

/** What the viewer may do now; the server refuses anything else with 409 (or 403). */
export const GRIEVANCE_ACTIONS = [
  "markPending",
  "respond",
  "appeal",
  "extend",
  "hold",
  "resume",
  "assign",
  "note",
  // Issue 19: close with an outcome, reopen, record the remedy paid, change grievants.
  "close",
  "reopen",
  "remedyReceived",
  "grievants",
] as const;
export type TGrievanceAction = (typeof GRIEVANCE_ACTIONS)[number];

const note = z.string().trim().max(2000, LimitMessages.note).optional();

/** POST /api/grievances/:id/response: the employer's answer at the current step. */
export const ZResponseInput = z.object({
  receivedOn: ZDay,
  decision: z.enum(DECISIONS),
  text: z.string().trim().max(10_000, LimitMessages.answerText).default(""),
  note,
});
export type TResponseInput = z.input<typeof ZResponseInput>;

/**
 * POST /api/grievances/:id/answer/correct: a steward corrects the employer's answer recorded at
 * the current step (issue 30); the correction is logged and the deadlines recomputed.
 */
export const ZAnswerCorrection = z.object({
  receivedOn: ZDay,
  decision: z.enum(DECISIONS),
  text: z.string().trim().max(10_000, LimitMessages.answerText).default(""),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the answer is corrected.")
    .max(2000, LimitMessages.reason),
});
export type TAnswerCorrection = z.input<typeof ZAnswerCorrection>;

/** POST /api/grievances/:id/appeal: to the next step (also `status: "escalated"`). */
export const ZAppealInput = z.object({ note });
export type TAppealInput = z.input<typeof ZAppealInput>;

/** POST /api/grievances/:id/extensions: a mutual extension of a running deadline. */
export const ZExtensionInput = z.object({
  deadlineId: z.string().uuid(),
  newDueDate: ZDay,
  agreedWith: z
    .string()
    .trim()
    .min(1, "Say who agreed to the extension.")
    .max(200, GrievanceMessages.agreedWithMax),
  note,
  /**
   * A new date on a day off (weekend, holiday, closure) is answered 409 with the next business
   * day in `fields.nextBusinessDay` (issue 30); `true` keeps the day as agreed.
   */
  keepDayOff: z.boolean().optional(),
});
export type TExtensionInput = z.input<typeof ZExtensionInput>;

/** POST /api/grievances/:id/hold: abeyance; open deadlines pause until resumed. */
export const ZHoldInput = z.object({
  reason: z.string().trim().min(1, "Give a reason for the hold.").max(2000, LimitMessages.reason),
});
export type THoldInput = z.input<typeof ZHoldInput>;

/** POST /api/grievances/:id/resume */
export const ZResumeInput = z.object({ note });
export type TResumeInput = z.input<typeof ZResumeInput>;

/** POST /api/grievances/:id/assign: a steward or admin of the organization. */
export const ZAssignInput = z.object({
  userId: z.string().min(1, LimitMessages.id).max(100, LimitMessages.id),
});
export type TAssignInput = z.input<typeof ZAssignInput>;

/** Status badge colours: pending yellow, escalated blue, resolved green, new green (portal spec 4). */
export const STATUS_TONE: Record<TGrievanceStatus, "yellow" | "blue" | "green"> = {
  new: "green",
  pending: "yellow",
  escalated: "blue",
  resolved: "green",
};

/** Search needs trigrams: a shorter term would read every grievance (issue 15). */
export const SEARCH_MIN_LENGTH = 3;

export const LIST_SORTS = ["filed", "deadline", "id", "subject", "status"] as const;
export type TListSort = (typeof LIST_SORTS)[number];

export const ZListQuery = z.object({
  status: ZGrievanceStatus.optional(),
  type: z.enum(GRIEVANCE_TYPES).optional(),
  // Empty means no search; 1 or 2 characters are refused with the message.
  q: z
    .string()
    .trim()
    .max(100, LimitMessages.search)
    .refine((q) => q === "" || q.length >= SEARCH_MIN_LENGTH, GrievanceMessages.searchTooShort)
    .optional(),
  /** filed: newest first; deadline: soonest next due date first (none last); others A to Z. */
  sort: z.enum(LIST_SORTS).default("filed"),
  /** Reverses the sort's own direction. */
  order: z.enum(["asc", "desc"]).optional(),
  assignee: z.literal("me").optional(),
  /** overdue: the next due date has passed; week: due today or in the next six days. */
  due: z.enum(["overdue", "week"]).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, LimitMessages.pageSize)
    .max(100, LimitMessages.pageSize)
    .default(25),
  /** Room for a subject-sorted key: 120 characters of any script, encoded. */
  cursor: z.string().max(1000, LimitMessages.cursor).optional(),
});

/* ---- Outcomes, remedies, group and policy grievances (issue 19, product-decisions.md 30, 31) ---- */

// Zod-free, for the browser's first load (outcomes.ts); here beside the schemas that use them.
export { OUTCOME_LABELS, OUTCOMES, type TOutcome };

/**
 * What a closed grievance's `outcome.result` may be: a closing outcome, or `merged` for an
 * individual grievance joined into a group grievance (migration 0055). Closing never takes it.
 */
export const OUTCOME_RESULTS = [...OUTCOMES, "merged"] as const;
export type TOutcomeResult = (typeof OUTCOME_RESULTS)[number];
export const RESULT_LABELS: Record<TOutcomeResult, string> = {
  ...OUTCOME_LABELS,
  merged: "Merged into a group grievance",
};

/** What counts as a win for the dashboard: granted or won at arbitration. */
export const WON_OR_SETTLED: readonly TOutcome[] = ["granted", "settled", "arbitration_won"];
export const OUTCOME_NOT_RECORDED = "Outcome not recorded";
export const REMEDY_OVERDUE = "Remedy overdue";

export const ZRemedyInput = z.object({
  /** In the organization's currency, in cents; at most 100 million. */
  amountCents: z
    .number()
    .int()
    .min(1, "Enter the amount.")
    .max(10_000_000_000, GrievanceMessages.amountMax),
  dueDate: ZDay,
  /** What it is for: back pay, reinstatement pay, other. */
  description: z
    .string()
    .trim()
    .min(1, "Say what the remedy is for.")
    .max(500, GrievanceMessages.remedyForMax),
});

/** POST /api/grievances/:id/close */
export const ZCloseInput = z
  .object({
    outcome: z.enum(OUTCOMES),
    summary: z
      .string()
      .trim()
      .min(1, "Summarize the outcome.")
      .max(5000, GrievanceMessages.summaryMax),
    remedy: ZRemedyInput.optional(),
    /**
     * Issue 34 (product-decisions.md 36): the written reason for withdrawing, settling, or (a
     * denial closed before the last step) not going on; the grievant is told it in writing.
     */
    reason: ZDecisionReason.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.outcome === "withdrawn" || v.outcome === "settled") && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: RepresentationMessages.reason });
  });
export type TCloseInput = z.input<typeof ZCloseInput>;

/** POST /api/grievances/:id/reopen */
export const ZReopenInput = z.object({
  reason: z.string().trim().min(1, "Give a reason to reopen.").max(2000, LimitMessages.reason),
});
export type TReopenInput = z.input<typeof ZReopenInput>;

/** POST /api/grievances/:id/related: links two grievances of the organization, both ways. */
export const ZRelatedInput = z.object({
  grievanceId: z
    .string()
    .trim()
    .min(1, GrievanceMessages.related)
    .max(40, GrievanceMessages.related),
});
export type TRelatedInput = z.input<typeof ZRelatedInput>;

/**
 * POST /api/grievances/convert-to-group: several open individual grievances of the
 * organization joined into one new group grievance (their grievants become its grievants).
 */
export const ZConvertInput = z.object({
  grievanceIds: z
    .array(z.string().trim().min(1, GrievanceMessages.related).max(40, GrievanceMessages.related))
    .min(2, "Choose at least two grievances to join.")
    .max(RELATED_MAX, `Join at most ${RELATED_MAX} grievances.`),
  /** Optional; 'Group: ' and the first grievance's subject when left out. */
  subject: z.string().trim().max(SUBJECT_MAX, GrievanceMessages.subject).optional(),
  note: z.string().trim().max(2000, LimitMessages.note).optional(),
});
export type TConvertInput = z.input<typeof ZConvertInput>;

/** POST /api/grievances/:id/grievants */
export const ZGrievantInput = z
  .object({
    userId: z
      .string()
      .min(1, GrievanceMessages.grievants)
      .max(100, GrievanceMessages.grievants)
      .optional(),
    /** Issue 29: a roster person, who may have no account. */
    rosterId: z
      .string()
      .min(1, GrievanceMessages.grievantRoster)
      .max(100, GrievanceMessages.grievantRoster)
      .optional(),
  })
  .refine((v) => Boolean(v.userId) !== Boolean(v.rosterId), {
    message: GrievanceMessages.grievantOne,
  });

export const ZRemedy = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  dueDate: z.string(),
  description: z.string(),
  receivedAt: z.string().nullable(),
  /** Who confirmed the payment (the grievant or a steward). */
  confirmedBy: ZPersonRef.nullable(),
  /** Unpaid past its due date, in the organization's time zone. */
  overdue: z.boolean(),
});
export type TRemedy = z.infer<typeof ZRemedy>;

export const ZOutcome = z.object({
  /** null: resolved through the status route, 'Outcome not recorded'. */
  result: z.enum(OUTCOME_RESULTS).nullable(),
  /** 'Settled', 'Won at arbitration', 'Outcome not recorded', 'Merged into G-2026-0012'. */
  label: z.string(),
  /** result `merged`: the group grievance it was joined into. */
  mergedInto: z.string().nullable(),
  /** What the closer wrote; for a merged grievance, the English of `summaryLine`. */
  summary: z.string().nullable(),
  /** A summary the server wrote (a merge), rendered in the reader's language. */
  summaryLine: ZTextLine.nullable(),
  closedOn: z.string().nullable(),
  remedy: ZRemedy.nullable(),
});
export type TOutcomeDetail = z.infer<typeof ZOutcome>;

export const ZGrievanceSummary = z.object({
  id: z.string(),
  name: z.string(),
  badgeNumber: z.string(),
  jobTitle: z.string(),
  department: z.string(),
  location: z.string(),
  status: ZGrievanceStatus,
  filedDate: z.string(),
  subject: z.string(),
  step: ZStepRef,
  assignee: ZPersonRef.nullable(),
  nextDeadline: ZNextDeadline.nullable(),
  /** On hold since that day, or null. */
  heldSince: z.string().nullable(),
  type: z.enum(GRIEVANCE_TYPES),
  /** individual: 1; group: the submitter and the added grievants; policy: 0. */
  grievantCount: z.number().int(),
});
export type TGrievanceSummary = z.infer<typeof ZGrievanceSummary>;

export const ZAttachment = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
});
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZLogEntry = z.object({
  id: z.string(),
  user: z.string(),
  role: z.string(),
  avatar: z.string().nullable(),
  time: z.string(),
  /** The entry as stored (rendered in the reader's language), and its English. */
  line: ZTextLine,
  action: z.string(),
  /** An internal note: stewards and admins only, never shown to the grievant. */
  internal: z.boolean(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const ZGrievance = ZGrievanceSummary.extend({
  description: z.string(),
  remedy: z.string(),
  attachments: z.array(ZAttachment),
  activityLog: z.array(ZLogEntry),
  submittedByMe: z.boolean(),
  incidentDate: z.string().nullable(),
  articles: z.array(z.string()),
  /** Every deadline, oldest first (empty for a grievant: they get `nextDeadline`). */
  deadlines: z.array(ZDeadline),
  answers: z.array(ZAnswer),
  hold: z.object({ since: z.string(), reason: z.string() }).nullable(),
  /** True at the procedure's last step (no appeal from there). */
  lastStep: z.boolean(),
  /** A filing past the filing limit (accepted, with a warning). */
  filingLate: z.boolean(),
  actions: z.array(z.enum(GRIEVANCE_ACTIONS)),
  /** Stewards only (null for the grievant): when the grievant last heard from the union (issue 18). */
  grievantLastUpdatedAt: z.string().nullable(),
  /**
   * Issue 19: how it ended, null while open. `remedy` (the text) stays what the grievant
   * asked for; the remedy won is `outcome.remedy`.
   */
  outcome: ZOutcome.nullable(),
  /** Everyone who sees it as their own (empty for a policy grievance). */
  /** rosterId: the grievant's person on the roster (issue 29); null for a submitter without one. */
  grievants: z.array(ZPersonRef.extend({ rosterId: z.string().nullable().optional() })),
  /** The viewer is one of its grievants. */
  isGrievant: z.boolean(),
  /**
   * Linked grievances, both ways (a grievant sees only the ones that are theirs too). Set at
   * filing, by POST/DELETE /api/grievances/:id/related, and by converting to a group grievance.
   */
  relatedIds: z.array(z.string()),
  /**
   * Issue 34 (product-decisions.md 36): the last contact with the grievant waiting longest and
   * the days since (null for a policy grievance), whether a grievant is past the local's
   * contact limit, each grievant's clock, and the logged contacts (a grievant: their own).
   */
  lastContact: ZLastContact.nullable(),
  daysSinceContact: z.number().int().nullable(),
  contactOverdue: z.boolean(),
  grievantContacts: z.array(ZGrievantContact),
  contacts: z.array(ZContact),
  /** Members' questions on this case and their replies (a grievant: the ones they asked). */
  questions: z.array(ZQuestion),
  /** The written notices of decisions (withdrawn, settled, not appealed), oldest first. */
  notices: z.array(ZNotice),
});
export type TGrievance = z.infer<typeof ZGrievance>;

export const ZDashboardStats = z.object({
  totalGrievances: z.number(),
  resolvedGrievances: z.number(),
  pendingGrievances: z.number(),
  escalatedGrievances: z.number(),
  organizationName: z.string(),
  documents: z.number(),
  announcements: z.number(),
  /** Stewards and admins: grievances whose next deadline has passed / falls in the next 7 days. */
  overdue: z.number().nullable(),
  dueThisWeek: z.number().nullable(),
  /**
   * Stewards and admins (issue 34): open cases with a grievant past the local's contact limit
   * (of the CONTACT_CANDIDATES longest without contact), and members' questions awaiting a reply.
   */
  contactOverdue: z.number().int().nullable(),
  /** Stewards and admins: this year's grievances won or settled, and the back pay recovered. */
  outcomes: z
    .object({
      year: z.number().int(),
      wonOrSettled: z.number().int(),
      backPayCents: z.number().int(),
      /** ISO 4217, the organization's billing currency (USD when none). */
      currency: z.string(),
    })
    .nullable(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

export const ZActivityItem = z.object({
  id: z.string(),
  grievanceId: z.string(),
  user: z.string(),
  line: ZTextLine,
  action: z.string(),
  time: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

export const EVENT_KINDS = [
  "filed",
  "status",
  "comment",
  "attachment",
  "note",
  "response",
  "appeal",
  "extension",
  "hold",
  "resume",
  "assign",
  "deadline",
  "outcome",
  "remedy",
  "reopen",
  "grievants",
  "link",
  // Issue 20: served on the employer, opened by them, deemed denied.
  "service",
] as const;
export type TEventKind = (typeof EVENT_KINDS)[number];

/**
 * The one rule of what reaches a grievant (product-decisions.md 28): everything on their own
 * grievance but internal notes. API answers, the activity feed, emails and live events all
 * ask this.
 */
export const INTERNAL_KINDS = ["note"] as const satisfies readonly TEventKind[];
export const grievantMaySee = (kind: string) =>
  !(INTERNAL_KINDS as readonly string[]).includes(kind);

/**
 * The line of an entry whose words are its kind's (issue 31): a comment, a note, an attachment,
 * a status change; `text` is what the person typed (or the file's name). Every other entry is
 * written with its own line.
 */
export function eventLine(e: {
  kind: string;
  status?: string | null;
  text?: string | null;
}): TextLine {
  const text = e.text ?? "";
  const note = text ? { note: text } : {};
  if (e.kind === "comment") return line("comment", { text });
  if (e.kind === "note") return line("note", { text });
  if (e.kind === "attachment") return line("attached", { file: e.text ?? null });
  if (e.kind === "status" && e.status === "pending") return line("markedPending", note);
  if (e.kind === "status" && e.status === "escalated") return line("escalated", note);
  if (e.kind === "status") return line("resolved", note);
  if (e.kind === "filed") return line("filed", {});
  return line("text", { text });
}
