import { z } from "zod";
import { LANGUAGES, languageOf } from "../i18n/languages.ts";
import { ZDay } from "./grievances.ts";
import { LimitMessages } from "./limit-messages.ts";

/**
 * The roster (issue 29, product-decisions.md 32 and 33): the people of an organization, with or
 * without an account, and the import of the employer's list. The words of a bad row are the
 * issue's plain ones; the server translates them for the reader.
 */
export const RosterMessages = {
  name: "Enter the person's name.",
  nameLong: "A name can be at most 200 characters.",
  email: "This is not an email address.",
  badge: "A badge number can be at most 50 characters.",
  text: "This can be at most 100 characters.",
  hireDate: "Write the hire date as a date, such as 2024-03-15.",
  language: "The language is not one the product offers.",
  status: "The status is active or left.",
  badgeTaken: "Another person on the roster has this badge number.",
  emailTaken: "Another person on the roster has this email.",
  badgeTwice: "This badge number is on another row of the file too.",
  emailTwice: "This email is on another row of the file too.",
  notFound: "Nobody on the roster has this id.",
  // Imports
  fileType: "Send a CSV or Excel (.xlsx) file.",
  fileMissing: "Choose the file to import.",
  fileTooLarge: "The file can be at most 10 MB.",
  fileUnreadable: "This file could not be read as CSV or Excel. Save it again and retry.",
  fileEmpty: "The file has no rows under its header.",
  fileTooManyRows: "A file can have at most 20,000 rows.",
  mapping: "The column mapping is not valid JSON of field to column header.",
  mappingColumn: "The mapping names a column the file does not have.",
  mappingName: "Choose the column that holds the name, or the columns of first and last name.",
  mappingField: "The mapping names a field we do not know.",
  mode: "The mode is preview, apply or sync.",
  flag: "Write true or false.",
  importNotFound: "This import was not found. Upload the file again.",
  hasErrors: "Some rows have errors. Fix them, or choose to import the good rows only.",
} as const;

export const ROSTER_STATUSES = ["active", "left"] as const;
export const ZRosterStatus = z.enum(ROSTER_STATUSES, { message: RosterMessages.status });

const text = (max = 100, message: string = RosterMessages.text) =>
  z.string().trim().max(max, message);
/** Optional text: blank is none. */
const optionalText = (max = 100, message?: string) =>
  text(max, message)
    .nullish()
    .transform((v) => v || null);

/** What a steward or admin types about a person, and what each import row must pass. */
export const ZRosterFields = z.object({
  name: z.string({ message: RosterMessages.name }).trim().min(1, RosterMessages.name).max(200, {
    message: RosterMessages.nameLong,
  }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === "" || z.email().safeParse(v).success, RosterMessages.email)
    .nullish()
    .transform((v) => v || null),
  badgeNumber: optionalText(50, RosterMessages.badge),
  phone: optionalText(),
  department: optionalText(),
  location: optionalText(),
  jobTitle: optionalText(),
  shift: optionalText(),
  hireDate: z
    .string()
    .trim()
    .refine((v) => v === "" || ZDay.safeParse(v).success, RosterMessages.hireDate)
    .nullish()
    .transform((v) => v || null),
  // An offered language by its tag ('es', 'es-MX', 'fr' and 'fr-CA' are all taken).
  language: z
    .string()
    .trim()
    .refine((v) => v === "" || languageOf(v) !== null, RosterMessages.language)
    .nullish()
    .transform((v) => languageOf(v)),
});
export type TRosterFields = z.output<typeof ZRosterFields>;
export type TRosterInput = z.input<typeof ZRosterFields>;

/** PATCH /api/roster/:id: any of the fields, and the status (left people keep their history). */
export const ZRosterUpdate = ZRosterFields.partial().extend({
  status: ZRosterStatus.optional(),
});
export type TRosterUpdate = z.input<typeof ZRosterUpdate>;

/** Where a person's invitation stands, as the roster shows it. */
export const INVITATION_STATES = ["none", "invited", "joined", "bounced"] as const;

export const ZRosterPerson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  badgeNumber: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  location: z.string().nullable(),
  jobTitle: z.string().nullable(),
  shift: z.string().nullable(),
  hireDate: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  status: ZRosterStatus,
  hasAccount: z.boolean(),
  /** The linked account (grievant pickers and removals name grievants by it). */
  userId: z.string().nullable(),
  invitation: z.enum(INVITATION_STATES),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
});
export type TRosterPerson = z.infer<typeof ZRosterPerson>;

/**
 * GET /api/roster/:id/grievances: the person's open grievances where they are a grievant, to
 * log a contact from their roster entry (issue 34), newest first.
 */
export const ZPersonGrievance = z.object({
  id: z.string(),
  subject: z.string(),
  stepName: z.string(),
  filedAt: z.string(),
  type: z.enum(["individual", "group"]),
});
export type TPersonGrievance = z.infer<typeof ZPersonGrievance>;
export const ZPersonGrievances = z.object({ items: z.array(ZPersonGrievance) });

export const ZRosterQuery = z.object({
  /** Name, badge number or email. */
  q: z.string().trim().max(100, LimitMessages.search).optional(),
  status: z.enum(["active", "left", "all"]).default("active"),
  hasAccount: z.enum(["true", "false"]).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, LimitMessages.pageSize)
    .max(100, LimitMessages.pageSize)
    .default(25),
  cursor: z.string().max(2000, LimitMessages.cursor).optional(),
});

export const ZRosterPage = z.object({
  items: z.array(ZRosterPerson),
  nextCursor: z.string().nullable(),
  total: z.number(),
});

/** The fields a roster file's columns map to, in the order the mapping step shows them. */
export const ROSTER_IMPORT_FIELDS = [
  "name",
  "firstName",
  "lastName",
  "email",
  "badgeNumber",
  "phone",
  "department",
  "location",
  "jobTitle",
  "shift",
  "hireDate",
  "language",
] as const;
export type TRosterImportField = (typeof ROSTER_IMPORT_FIELDS)[number];

export const IMPORT_MODES = ["preview", "apply", "sync"] as const;
export const IMPORT_ACTIONS = ["new", "update", "unchanged", "leave", "error"] as const;

export const ZImportRowError = z.object({
  /** The file's column header, or null for the row as a whole. */
  column: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});

export const ZRosterImportResult = z.object({
  importId: z.string(),
  mode: z.enum(IMPORT_MODES),
  applied: z.boolean(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  counts: z.object({
    new: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    left: z.number(),
    errors: z.number(),
  }),
  rows: z.array(
    z.object({
      /** The file's row number, the header being row 1; null for a person missing from a sync. */
      row: z.number().nullable(),
      action: z.enum(IMPORT_ACTIONS),
      name: z.string(),
      personId: z.string().nullable(),
      errors: z.array(ZImportRowError),
    }),
  ),
  newListValues: z.object({
    departments: z.array(z.string()),
    locations: z.array(z.string()),
    jobTitles: z.array(z.string()),
  }),
  /** invite: true: invitations queued now (each person's first only). */
  invited: z.number(),
  /** Why the mapping cannot be used yet (a preview still shows the columns to map). */
  mappingProblem: z.string().nullable(),
});
export type TRosterImportResult = z.infer<typeof ZRosterImportResult>;

/** POST /api/roster/invitations: resend or revoke, for some people or everyone not yet joined. */
export const ZRosterInvitationAction = z.object({
  action: z.enum(["send", "resend", "revoke"]),
  /** Roster ids; left out: everyone active with an email who has not joined. */
  ids: z
    .array(z.uuid({ message: RosterMessages.notFound }))
    .max(1000, "Choose at most 1,000 people at a time.")
    .optional(),
});
export const ZRosterInvitationResult = z.object({ changed: z.number() });
