import { z } from "zod";
import { ZTextLine } from "../i18n/text-lines.ts";
import { zDay } from "./dates.ts";
import { LimitMessages } from "./limit-messages.ts";

/**
 * Information requests on a grievance (issue 33, product-decisions.md 35): items the union asks
 * the employer for, each with its state, a due date counted by the procedure engine, served by
 * link (like the grievance, product-decisions.md 29) or on paper.
 */
export const InformationMessages = {
  items: "Add at least one item to ask for.",
  itemsMax: "A request has at most 50 items.",
  itemText: "Write what you ask for (at most 500 characters).",
  servedOn: "Enter the day it was served as YYYY-MM-DD.",
  answeredOn: "Enter the day it was answered as YYYY-MM-DD.",
  contact: "Choose whom to serve.",
  serveHow: "Choose a contact to serve by link, or give the day it was served on paper.",
  state: "Choose provided, partly provided, refused or does not exist.",
  answerItems: "Answer at least one item.",
  libraryText: "Write the item (1 to 500 characters).",
  linkNotFound: "This link is not valid: it may have expired, or the grievance has closed.",
} as const;

export const ITEM_STATES = ["pending", "provided", "partial", "refused", "does_not_exist"] as const;
export type TItemState = (typeof ITEM_STATES)[number];
/** The states of an answered item (an answer never sets an item back to pending). */
export const ANSWER_STATES = ["provided", "partial", "refused", "does_not_exist"] as const;
export const REQUEST_STATES = ["open", "answered", "overdue"] as const;
export type TRequestState = (typeof REQUEST_STATES)[number];

/**
 * The library's defaults, the common requests (issue 33). Each reads in the reader's language
 * (catalogue `informationRequests`, `library.<key>`) until the local removes it
 * (product-decisions.md 37); the local's own texts are kept as typed.
 */
export const DEFAULT_LIBRARY_ITEMS = [
  "personnelFile",
  "disciplineFile",
  "attendance",
  "comparables",
  "policies",
  "video",
  "emails",
  "witnessStatements",
  "seniorityList",
] as const;
export type TDefaultLibraryItem = (typeof DEFAULT_LIBRARY_ITEMS)[number];
/** The English of the defaults, as the server writes them (a letter, a mail). */
export const DEFAULT_LIBRARY_TEXT: Record<TDefaultLibraryItem, string> = {
  personnelFile: "The grievant's complete personnel file",
  disciplineFile: "The grievant's discipline file, with every warning and its documents",
  attendance: "The grievant's attendance and time records for the period in question",
  comparables:
    "The discipline given to other employees for the same offence in the last three years",
  policies: "Every policy, rule and work instruction the employer relied on",
  video: "All video and camera footage of the incident",
  emails: "Emails and messages about the grievant or the incident",
  witnessStatements: "Statements and notes of every witness interviewed",
  seniorityList: "The current seniority list of the bargaining unit",
};

const itemText = z
  .string(InformationMessages.itemText)
  .trim()
  .min(1, InformationMessages.itemText)
  .max(500, InformationMessages.itemText);

/** POST /api/grievances/:id/information-requests */
export const ZInformationRequestInput = z.object({
  items: z
    .array(z.object({ text: itemText }), InformationMessages.items)
    .min(1, InformationMessages.items)
    .max(50, InformationMessages.itemsMax),
  /** Served on paper on that day; without it the request waits to be served. */
  servedOn: zDay(InformationMessages.servedOn).optional(),
});
export type TInformationRequestInput = z.input<typeof ZInformationRequestInput>;

/**
 * POST /api/information-requests/:id/serve: by link to a contact (`contactId`, `message`),
 * or on paper (`servedOn`).
 */
export const ZInformationServeInput = z
  .object({
    contactId: z.string().uuid(InformationMessages.contact).optional(),
    message: z.string().trim().max(2000, LimitMessages.message).optional(),
    servedOn: zDay(InformationMessages.servedOn).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.contactId === undefined) === (v.servedOn === undefined))
      ctx.addIssue({ code: "custom", path: ["contactId"], message: InformationMessages.serveHow });
  });
export type TInformationServeInput = z.input<typeof ZInformationServeInput>;

const answerState = z.enum(ANSWER_STATES, InformationMessages.state);
const note = z.string().trim().max(2000, LimitMessages.note).default("");

/** POST /api/information-requests/:id/items/:itemId: a paper answer the steward records. */
export const ZItemAnswerInput = z.object({
  state: answerState,
  answeredOn: zDay(InformationMessages.answeredOn),
  note,
});
export type TItemAnswerInput = z.input<typeof ZItemAnswerInput>;

/** POST /api/respond/{request token}: the employer answers some items, now or later. */
export const ZRespondItemsInput = z.object({
  items: z
    .array(z.object({ id: z.string().uuid(), state: answerState, note }))
    .min(1, InformationMessages.answerItems)
    .max(50, InformationMessages.itemsMax),
});
export type TRespondItemsInput = z.input<typeof ZRespondItemsInput>;

export const ZInformationFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
});

export const ZInformationItem = z.object({
  id: z.string(),
  text: z.string(),
  state: z.enum(ITEM_STATES),
  answeredOn: z.string().nullable(),
  /** Stewards and admins only: the answer's note and files (not the grievant's). */
  note: z.string().optional(),
  answeredVia: z.enum(["link", "paper"]).nullable().optional(),
  files: z.array(ZInformationFile).optional(),
});
export type TInformationItem = z.infer<typeof ZInformationItem>;

export const LOG_KINDS = [
  "created",
  "served",
  "opened",
  "answer",
  "file",
  "reminder",
  "letter",
] as const;
export const ZInformationLogEntry = z.object({
  at: z.string(),
  kind: z.enum(LOG_KINDS),
  actor: z.string(),
  itemId: z.string().nullable(),
  via: z.enum(["link", "paper"]).nullable(),
  state: z.string().nullable(),
  onDay: z.string().nullable(),
  note: z.string().nullable(),
  fileName: z.string().nullable(),
  sha256: z.string().nullable(),
});
export type TInformationLogEntry = z.infer<typeof ZInformationLogEntry>;

/**
 * A request. The grievant sees the request, its due date, and each item's text and state;
 * the explanation, notes, files, who was served and the log are for stewards and admins.
 */
export const ZInformationRequest = z.object({
  id: z.string(),
  grievanceId: z.string(),
  dueDate: z.string(),
  state: z.enum(REQUEST_STATES),
  servedOn: z.string().nullable(),
  answeredOn: z.string().nullable(),
  items: z.array(ZInformationItem),
  /** How the due date was reached: the lines (rendered for the reader) and their English. */
  lines: z.array(ZTextLine),
  explanation: z.array(z.string()),
  servedVia: z.enum(["link", "paper"]).nullable().optional(),
  contact: z.object({ name: z.string(), email: z.string() }).nullable().optional(),
  openedAt: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  createdBy: z.string().optional(),
  log: z.array(ZInformationLogEntry).optional(),
});
export type TInformationRequest = z.infer<typeof ZInformationRequest>;
export const ZInformationRequestList = z.object({ items: z.array(ZInformationRequest) });

/** GET /api/respond/{request token}: what the employer sees. */
export const ZInformationRespondView = z.object({
  kind: z.literal("information_request"),
  organization: z.string(),
  grievance: z.object({ id: z.string(), subject: z.string() }),
  contactName: z.string(),
  message: z.string(),
  servedOn: z.string(),
  dueDate: z.string(),
  state: z.enum(REQUEST_STATES),
  /** Overdue: the union's follow-up letter is at `/api/respond/{token}/document.pdf`. */
  letter: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      state: z.enum(ITEM_STATES),
      note: z.string(),
      answeredOn: z.string().nullable(),
      files: z.array(z.object({ name: z.string(), size: z.number(), sha256: z.string() })),
    }),
  ),
});
export type TInformationRespondView = z.infer<typeof ZInformationRespondView>;

/** The library of item texts the local keeps. */
export const ZLibraryItem = z.object({
  id: z.string(),
  /** A default's key (shown in the reader's language), or null for the local's own text. */
  key: z.enum(DEFAULT_LIBRARY_ITEMS).nullable(),
  text: z.string(),
});
export type TLibraryItem = z.infer<typeof ZLibraryItem>;
export const ZLibrary = z.object({ items: z.array(ZLibraryItem) });
export const ZLibraryInput = z.object({
  text: z
    .string(InformationMessages.libraryText)
    .trim()
    .min(1, InformationMessages.libraryText)
    .max(500, InformationMessages.libraryText),
});

/** A request token: 'ir_' and 256 random bits, so it is never taken for a grievance's. */
export const INFORMATION_TOKEN = /^ir_[A-Za-z0-9_-]{43}$/;
