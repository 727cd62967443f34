import { z } from "zod";
import { DECISIONS, ZStepRef } from "./grievances.ts";
import { LimitMessages } from "./limit-messages.ts";

/** Serving the employer by link and their answer (issue 20, product-decisions.md 29). */
export const EmployerMessages = {
  name: "Enter the representative's name.",
  email: "Enter a valid email address.",
  contact: "Choose whom to serve.",
  answer: "Write the answer.",
  title: "A title can be at most 120 characters.",
  decision: "Choose denied, granted or partly granted.",
  linkNotFound: "This link is not valid: it may have expired, or the step it served has closed.",
  alreadyAnswered: "The answer at this step is already recorded.",
  tooManyRequests: "Too many requests from your address. Please wait a few minutes and try again.",
  linkBusy: "This link has been opened too often. Please wait a few minutes and try again.",
} as const;

export const ZEmployerContactInput = z.object({
  name: z.string().trim().min(1, EmployerMessages.name).max(120, EmployerMessages.name),
  title: z.string().trim().max(120, EmployerMessages.title).default(""),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, EmployerMessages.email)
    .email(EmployerMessages.email),
});
export type TEmployerContactInput = z.input<typeof ZEmployerContactInput>;

export const ZEmployerContactPatch = ZEmployerContactInput.partial();

export const ZEmployerContact = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  email: z.string(),
});
export type TEmployerContact = z.infer<typeof ZEmployerContact>;

/** POST /api/grievances/:id/serve */
export const ZServeInput = z.object({
  contactId: z.string().uuid(EmployerMessages.contact),
  message: z.string().trim().max(2000, LimitMessages.message).optional(),
});
export type TServeInput = z.input<typeof ZServeInput>;

/** One service of a grievance: what the log cannot show at a glance. */
export const ZService = z.object({
  id: z.string(),
  step: ZStepRef,
  contact: z.object({ name: z.string(), title: z.string(), email: z.string() }),
  message: z.string(),
  servedBy: z.string(),
  servedAt: z.string(),
  /** When the mail server accepted the mail (null while it waits in the outbox). */
  mailAcceptedAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  expiresAt: z.string(),
  sha256: z.string(),
  /** Expired, or its step has closed: the link answers 404 now. */
  active: z.boolean(),
});
export type TService = z.infer<typeof ZService>;

export const ZServiceList = z.object({ items: z.array(ZService) });

export const ZEmployerAnswer = z.object({
  decision: z.enum(DECISIONS),
  text: z.string(),
  at: z.string(),
});

/** GET /api/respond/:token: the grievance as served, and the answer once given. */
export const ZRespondView = z.object({
  organization: z.string(),
  grievance: z.object({
    id: z.string(),
    subject: z.string(),
    articles: z.array(z.string()),
    description: z.string(),
    remedy: z.string(),
    step: ZStepRef,
  }),
  /** The employer's answer deadline at this step, or null when the step sets none. */
  dueDate: z.string().nullable(),
  /** 'Your answer is due by Tue 8 Dec 2026 under the agreement' */
  dueText: z.string(),
  contactName: z.string(),
  message: z.string(),
  served: z.object({ at: z.string(), sha256: z.string() }),
  answer: ZEmployerAnswer.nullable(),
});
export type TRespondView = z.infer<typeof ZRespondView>;

/** POST /api/respond/:token (JSON, or multipart with the same fields and files). */
export const ZRespondInput = z.object({
  decision: z.enum(DECISIONS, EmployerMessages.decision),
  text: z.string().trim().min(1, EmployerMessages.answer).max(10_000, LimitMessages.answerText),
});
export type TRespondInput = z.input<typeof ZRespondInput>;

export const DECISION_LABELS: Record<(typeof DECISIONS)[number], string> = {
  denied: "Denied",
  granted: "Granted",
  partial: "Partly granted",
};

/** 43 URL-safe characters: 32 random bytes. */
export const RESPOND_TOKEN = /^[A-Za-z0-9_-]{43}$/;
