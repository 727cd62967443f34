import { z } from "zod";
import { zDay } from "./dates.ts";

/**
 * Fair representation on the record (issue 34, product-decisions.md 36): contacts with
 * grievants, members' questions with a reply clock, decisions with reasons.
 */
export const RepresentationMessages = {
  channel: "Choose how the contact was made: call, meeting, text, email or in person.",
  date: "Enter the day of the contact as YYYY-MM-DD.",
  dateFuture: "A contact cannot be dated in the future.",
  dateBeforeIncident: "A contact cannot be dated before the incident.",
  dateBeforeFiling: "A contact cannot be dated before the grievance was filed.",
  summary: "Write a short summary of the contact (up to 2000 characters).",
  person: "Choose one of this grievance's grievants.",
  personNeeded: "This grievance has several grievants: say which one was contacted.",
  policy: "A policy grievance has no grievant to contact.",
  question: "Write your question (up to 4000 characters).",
  reply: "Write your reply (up to 4000 characters).",
  answered: "This question has already been answered.",
  reason: "Give the reason for this decision: the grievant is told it in writing.",
} as const;

/** How a steward reached the grievant; `portal` is a comment or mail the product sent itself. */
export const CONTACT_CHANNELS = ["call", "meeting", "text", "email", "in_person"] as const;
export type TContactChannel = (typeof CONTACT_CHANNELS)[number];
export const LAST_CONTACT_CHANNELS = [...CONTACT_CHANNELS, "portal"] as const;

export const ZContactInput = z.object({
  channel: z.enum(CONTACT_CHANNELS, RepresentationMessages.channel),
  date: zDay(RepresentationMessages.date),
  summary: z
    .string({ message: RepresentationMessages.summary })
    .trim()
    .min(1, RepresentationMessages.summary)
    .max(2000, RepresentationMessages.summary),
  internal: z.boolean().default(false),
  /** The grievant's roster person; needed only when the grievance has several grievants. */
  personId: z.uuid(RepresentationMessages.person).optional(),
});
export type TContactInput = z.input<typeof ZContactInput>;

export const ZLastContact = z.object({
  date: z.string(),
  channel: z.enum(LAST_CONTACT_CHANNELS),
});
export type TLastContact = z.infer<typeof ZLastContact>;

/** One logged contact; `summary` is null for a grievant when the steward marked it internal. */
export const ZContact = z.object({
  id: z.string(),
  personId: z.string(),
  personName: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  date: z.string(),
  summary: z.string().nullable(),
  internal: z.boolean(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type TContact = z.infer<typeof ZContact>;

/** A grievant's contact clock: their last contact and whether it is past the local's limit. */
export const ZGrievantContact = z.object({
  personId: z.string(),
  name: z.string(),
  lastContact: ZLastContact.nullable(),
  daysSinceContact: z.number().int().nullable(),
  overdue: z.boolean(),
});
export type TGrievantContact = z.infer<typeof ZGrievantContact>;

const text = (message: string) => z.string({ message }).trim().min(1, message).max(4000, message);

/** POST /api/grievances/:id/questions and POST /api/questions (a member's question). */
export const ZQuestionInput = z.object({ text: text(RepresentationMessages.question) });
export type TQuestionInput = z.input<typeof ZQuestionInput>;

/** POST .../questions/:questionId/reply (stewards and admins). */
export const ZReplyInput = z.object({ text: text(RepresentationMessages.reply) });
export type TReplyInput = z.input<typeof ZReplyInput>;

export const ZQuestionAsked = z.object({ id: z.string(), replyDueOn: z.string() });

export const ZQuestion = z.object({
  id: z.string(),
  /** null: asked from the dashboard, not about one case. */
  grievanceId: z.string().nullable(),
  askedBy: z.string(),
  text: z.string(),
  askedAt: z.string(),
  replyDueOn: z.string(),
  /** Unanswered after its reply due date (the organization's today). */
  overdue: z.boolean(),
  reply: z.object({ text: z.string(), at: z.string(), by: z.string() }).nullable(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

/** GET /api/questions: stewards and admins get the open ones (the board), a member their own. */
export const ZQuestionList = z.object({ items: z.array(ZQuestion), total: z.number().int() });
export type TQuestionList = z.infer<typeof ZQuestionList>;

/** The decisions that need a written reason and a notice to the grievant. */
export const NOTICE_KINDS = ["withdrawn", "settled", "not_appealed"] as const;
export type TNoticeKind = (typeof NOTICE_KINDS)[number];

/** A decision's written notice as it was sent (the grievant's portal shows it too). */
export const ZNotice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  step: z.string(),
  reason: z.string(),
  /** The local's internal appeal route named in it, and its deadline when the local set one. */
  appeal: z.object({ text: z.string(), dueOn: z.string().nullable() }).nullable(),
  decidedBy: z.string(),
  sentAt: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** The reason field of closing (issue 34): required for withdrawn and settled. */
export const ZDecisionReason = z
  .string()
  .trim()
  .min(1, RepresentationMessages.reason)
  .max(4000, RepresentationMessages.reason);
