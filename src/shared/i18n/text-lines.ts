import { z } from "zod";
import { OUTCOMES } from "../outcomes.ts";

/**
 * Text as data (issue 31, product-decisions.md 37): what the server writes for people to read
 * (an activity entry, a deadline's explanation line, an answer the agreement deems given, a
 * merged grievance's outcome summary) is stored as a kind and its parameters, never as a
 * sentence, and rendered in each reader's language at read time (`render-line.ts`, the same
 * function on the server and in the browser). These are the kinds and the schema of each
 * one's parameters: the writers build lines of these shapes, the renderers read them, and a
 * type in render-line.ts makes a kind without a renderer fail to compile.
 *
 * Parameters are data, never words of ours: days as ISO dates, money as cents and currency,
 * people by id with the name they had (what the local typed), steps by index with the name the
 * local gave them, holidays by day and region. `text` holds a row that no kind matched when it
 * was converted (migration 0220): it reads as stored.
 */

const day = z.iso.date();
/**
 * A step of the local's procedure: its index (null on a line converted from a sentence, which
 * named the step only) and the name the local gave it.
 */
const step = z.object({ index: z.number().int().min(0).nullable(), name: z.string() });
/** Someone of the roster or an account: the id, and the name as it was (data). */
const person = z.object({ id: z.string().nullable(), name: z.string() });
const limit = z.object({
  days: z.number().int().min(0),
  dayType: z.enum(["business", "calendar"]),
});
const money = z.object({ cents: z.number().int(), currency: z.string().length(3) });
const decision = z.enum(["denied", "granted", "partial"]);
const outcome = z.enum(OUTCOMES);
/** The close dialog's remedy kinds are ours (translated); anything else was typed. */
export const REMEDY_KINDS = ["backPay", "reinstatementPay", "other"] as const;
const description = z.union([
  z.object({ kind: z.enum(REMEDY_KINDS) }),
  z.object({ text: z.string() }),
]);
/** What a deadline is for, inside a sentence ('the employer's answer at Step 1'). */
const subject = z.object({
  kind: z.enum(["response", "appeal", "filing", "payment"]),
  step: step.optional(),
});
/** The heading of a deadline's first line ('Union appeal to Step 2'). */
export const ZLineHeading = z.object({
  kind: z.enum([
    "filing",
    "deadline",
    "response",
    "appeal",
    "information",
    "question",
    "contact",
    "internalAppeal",
  ]),
  step: step.optional(),
});
/** What the count starts from ('answer received'). */
export const LINE_FROM = [
  "incident",
  "filed",
  "answerReceived",
  "appealed",
  "served",
  "requested",
  "deemedDenied",
  "asked",
  "lastContact",
  "notice",
] as const;
const from = z.enum(LINE_FROM);
/**
 * Why a day was skipped beyond a weekend: a holiday of the region (named from the holiday
 * library in the reader's language; `name` is its name when written, for a reader without the
 * library) or a day the local named (a closure, a contract holiday: data).
 */
const reason = z.union([
  z.object({
    type: z.literal("holiday"),
    region: z.string().nullable(),
    /**
     * Which list the holiday came from (product-decisions.md 34): the contract's own or the
     * region's public holidays. Absent on lines converted from before the distinction, which
     * read as they did ('skipped Thu 26 Nov (Thanksgiving Day)').
     */
    contract: z.boolean().optional(),
    name: z.string(),
    /**
     * Its name in each language, added by the server to the lines it sends to the browser,
     * which has no holiday library (never stored).
     */
    names: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ type: z.literal("closure"), name: z.string() }),
]);
const ids = z.array(z.string()).min(1);
/** The note a person typed with an action, appended as ': note'. */
const note = z.string().optional();

const o = z.object;

/** Every kind and its parameters. Keys under `grievances:stored.` render them. */
export const LINE_PARAMS = {
  /** A row no kind matched when converted, or text typed where a line is expected. */
  text: o({ text: z.string() }),

  // The activity log.
  filed: o({}),
  filedBy: o({ by: person }),
  importedBy: o({ by: person }),
  comment: o({ text: z.string() }),
  note: o({ text: z.string() }),
  attached: o({ file: z.string().nullable() }),
  markedPending: o({ note }),
  escalated: o({ note }),
  resolved: o({ note }),
  resolvedNoOutcome: o({ note }),
  filedLate: o({ day, days: z.number().int().min(1) }),
  groupFormed: o({ by: person, ids, note }),
  mergedInto: o({ id: z.string(), step }),
  mergedSummary: o({ id: z.string(), ids }),
  /** The mail to a grievant whose grievance was joined into a group grievance. */
  joinedGroup: o({ id: z.string(), from: z.string() }),
  /** The mail to someone made a grievant of a group grievance. */
  addedToGroup: o({}),
  answerCorrected: o({ step, day, was: day, decision, note }),
  answered: o({ step, day, decision, note }),
  escalatedTo: o({ step, note }),
  extended: o({ subject, from: day, to: day, agreedWith: z.string(), note }),
  hold: o({ reason: z.string() }),
  resumed: o({ days: z.number().int().min(0), note }),
  resumedMoved: o({ days: z.number().int().min(0), subject, day, note }),
  assigned: o({ to: person }),
  closed: o({ step, outcome, summary: z.string() }),
  closedRemedy: o({ step, outcome, summary: z.string(), money, description, day }),
  remedyReceived: o({ money, description, by: person }),
  reopened: o({ step, reason: z.string() }),
  deemedDenied: o({ day }),
  grievantAdded: o({ person }),
  grievantRemoved: o({ person }),
  linked: o({ ids }),
  unlinked: o({ ids }),
  served: o({ name: z.string(), email: z.string() }),
  opened: o({ name: z.string() }),
  remedyOverdue: o({ day }),
  missed: o({ subject, day }),

  // A deadline's explanation, line by line (the engine's and the actions').
  "line.computed": o({ heading: ZLineHeading, limit, day, from }),
  "line.rolled": o({ n: z.number().int(), day }),
  "line.skippedWeekendDay": o({ day }),
  "line.skipped": o({ day, reason }),
  "line.skippedWeekend": o({ from: day, to: day }),
  "line.due": o({ day }),
  "line.held": o({ from: day, to: day, limit }),
  "line.tolled": o({ from: day, to: day, limit }),
  "line.unchanged": o({ day }),
  "line.movedBy": o({ limit, day }),
  "line.notBusiness": o({ day }),
  "line.filedLate": o({ day, days: z.number().int().min(1) }),
  "line.filedInTime": o({ day }),
  "line.answerCorrected": o({ day, received: day }),
  "line.answerReceived": o({ day }),
  "line.imported": o({ day }),
  "line.importedMet": o({}),
  "line.importedMissed": o({}),
  "line.appealed": o({ day }),
  "line.closedAppealed": o({ day, step }),
  "line.closedResolved": o({ day }),
  "line.closedClosed": o({ day, outcome }),
  "line.closedReopened": o({ day }),
  "line.closedMerged": o({ day, id: z.string() }),
  "line.received": o({ day, by: person }),
  "line.deemedDenied": o({ day }),
  "line.extended": o({ from: day, to: day, agreedWith: z.string() }),
  "line.remedy": o({ money, description, day, outcome }),
} as const;

export type LineKind = keyof typeof LINE_PARAMS;
export const LINE_KINDS = Object.keys(LINE_PARAMS) as LineKind[];
export type LineParams<K extends LineKind> = z.infer<(typeof LINE_PARAMS)[K]>;

/** One line: `{ kind, params }`, as stored in a jsonb column. */
export type TextLine = { [K in LineKind]: { kind: K; params: LineParams<K> } }[LineKind];
export type TLineStep = z.infer<typeof step>;
export type TLinePerson = z.infer<typeof person>;
export type TLineSubject = z.infer<typeof subject>;
export type TLineHeading = z.infer<typeof ZLineHeading>;
export type TLineFrom = z.infer<typeof from>;
export type TLineReason = z.infer<typeof reason>;
export type TLineDescription = z.infer<typeof description>;
export type TLineMoney = z.infer<typeof money>;
export type TLineLimit = z.infer<typeof limit>;

/** A line as the API sends it and as a jsonb column holds it: checked on the way in. */
export const ZTextLine = z.discriminatedUnion(
  "kind",
  LINE_KINDS.map((kind) =>
    z.object({ kind: z.literal(kind), params: LINE_PARAMS[kind] }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<TextLine>;

/** A line built with its parameters' types checked by the compiler. */
export const line = <K extends LineKind>(kind: K, params: LineParams<K>): TextLine =>
  ({ kind, params }) as TextLine;

/** The remedy description as a line holds it: one of ours by key, anything else as typed. */
export function lineDescription(stored: string | null | undefined): TLineDescription {
  const text = stored ?? "";
  const ours: Record<string, (typeof REMEDY_KINDS)[number]> = {
    "Back pay": "backPay",
    "Reinstatement pay": "reinstatementPay",
    Other: "other",
  };
  const kind = ours[text];
  return kind ? { kind } : { text };
}
