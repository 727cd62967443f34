import type { ColumnType, Generated } from "kysely";
import type { TClosure, TLimit, TProcedureStep } from "../../shared/schemas/procedure.ts";

/** Kysely's view of the tables (camelCase; the CamelCasePlugin maps to snake_case columns). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  accountType: "admin" | "member";
  organizationId: string | null;
  twoFactorEnabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Deadline reminders a person may turn off (0045); 'due today' and 'missed' always go. */
  remindThreeDays: ColumnType<boolean, boolean | undefined, boolean>;
  remindOneDay: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  inviteCode: string;
  plan: string;
  billingCycle: "monthly" | "yearly";
  status: "trialing" | "active" | "past_due" | "canceled";
  trialEndsAt: Timestamp | null;
  jobTitles: ColumnType<string[], string[] | undefined, string[]>;
  departments: ColumnType<string[], string[] | undefined, string[]>;
  locations: ColumnType<string[], string[] | undefined, string[]>;
  setupCompleted: ColumnType<boolean, boolean | undefined, boolean>;
  requireTwoFactor: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type { Role } from "../../shared/permissions.ts";

import type { Role } from "../../shared/permissions.ts";

export interface MembershipsTable {
  organizationId: string;
  userId: string;
  role: Role;
  badgeNumber: string | null;
  department: string | null;
  facility: string | null;
  createdAt: Timestamp;
}

export interface InvitationsTable {
  organizationId: string;
  id: Generated<string>;
  email: string;
  role: Role;
  badgeNumber: string | null;
  department: string | null;
  facility: string | null;
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  createdAt: Timestamp;
}

export type GrievanceStatus = "new" | "pending" | "escalated" | "resolved";

export interface GrievanceCountersTable {
  organizationId: string;
  year: number;
  lastNumber: number;
}

export interface GrievancesTable {
  organizationId: string;
  id: string;
  submittedBy: string | null;
  name: string;
  badgeNumber: string;
  jobTitle: string;
  department: string;
  location: string;
  description: string;
  remedy: string;
  status: ColumnType<GrievanceStatus, GrievanceStatus | undefined, GrievanceStatus>;
  currentStep: string | null;
  filedAt: Timestamp;
  updatedAt: Timestamp;
  searchText: ColumnType<string, never, never>;
  subject: ColumnType<string, string | undefined, string>;
  /** Dates are "YYYY-MM-DD" strings (the pg date parser is set in connection.ts). */
  incidentDate: string | null;
  articles: ColumnType<string[], string[] | undefined, string[]>;
  stepIndex: ColumnType<number, number | undefined, number>;
  stepName: ColumnType<string, string | undefined, string>;
  assigneeId: string | null;
  heldOn: string | null;
  holdReason: string | null;
  filingLate: ColumnType<boolean, boolean | undefined, boolean>;
  nextDeadlineId: string | null;
  nextDueDate: string | null;
  /** When the grievant last heard from the union (0045, kept by a trigger on the log). */
  grievantUpdatedAt: ColumnType<Date, never, Date | string>;
  /** Issue 19 (migration 0050): type, links, outcome and money remedy. */
  type: ColumnType<GrievanceType, GrievanceType | undefined, GrievanceType>;
  relatedIds: ColumnType<string[], string[] | undefined, string[]>;
  outcome: GrievanceOutcome | null;
  outcomeSummary: string | null;
  closedOn: string | null;
  /** bigint: read as a string by pg. */
  remedyAmountCents: ColumnType<string | null, number | null | undefined, number | null>;
  remedyDueDate: string | null;
  remedyDescription: string | null;
  remedyReceivedAt: Timestamp | null;
  remedyConfirmedBy: string | null;
  remedyConfirmedByName: string | null;
  /** Issue 21 (migration 0065): `articles` normalised, kept by PostgreSQL. */
  articleKeys: ColumnType<string[], never, never>;
  /** Migration 0055: outcome 'merged', the group grievance it was joined into. */
  mergedInto: string | null;
}

export type GrievanceType = import("../../shared/schemas/grievances.ts").TGrievanceType;
export type GrievanceOutcome = import("../../shared/schemas/grievances.ts").TOutcomeResult;

/** The grievants of a group grievance besides its submitter. */
export interface GrievanceGrievantsTable {
  organizationId: string;
  grievanceId: string;
  userId: string;
  addedAt: Generated<Date>;
}

export type DeadlineKind = "filing" | "response" | "appeal" | "remedy";
export type DeadlineState = "open" | "met" | "missed" | "paused";

/** One change to a deadline after it was computed: a mutual extension or a hold. */
export interface DeadlineChange {
  kind: "extension" | "hold";
  from: string;
  to: string;
  on: string;
  by: string;
  agreedWith?: string;
  heldOn?: string;
  note?: string;
}

export interface GrievanceDeadlinesTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  stepIndex: number;
  stepName: string;
  kind: DeadlineKind;
  dueDate: string;
  state: ColumnType<DeadlineState, DeadlineState | undefined, DeadlineState>;
  extendedFrom: string | null;
  explanation: string[];
  limitDays: number;
  dayType: "calendar" | "business";
  timeZone: string;
  history: ColumnType<DeadlineChange[], string | undefined, string>;
  closedOn: string | null;
  missedAt: Timestamp | null;
  createdAt: Generated<Date>;
}

export interface GrievanceAnswersTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  stepIndex: number;
  stepName: string;
  receivedOn: string;
  decision: "denied" | "granted" | "partial";
  text: string;
  recordedBy: string | null;
  createdAt: Generated<Date>;
}

export interface GrievanceEventsTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  actorId: string | null;
  actorName: string;
  actorRole: string;
  kind: import("../../shared/schemas/grievances.ts").TEventKind;
  status: GrievanceStatus | null;
  text: string | null;
  createdAt: Timestamp;
}

export interface GrievanceAttachmentsTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
  uploadedBy: string | null;
  createdAt: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: Generated<"pending" | "sent" | "failed">;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  transport: string | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

export interface DocumentsTable {
  organizationId: string;
  id: Generated<string>;
  name: string;
  category: string;
  fileType: string;
  contentType: string;
  size: number;
  storageKey: string;
  uploadedBy: string | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface AnnouncementsTable {
  organizationId: string;
  id: Generated<string>;
  title: string;
  content: string;
  category: string;
  authorId: string | null;
  createdAt: Generated<Date>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 0013: TOTP codes an account has used lately (each is accepted once). */
export interface TotpCodesUsedTable {
  userId: string;
  code: string;
  usedAt: Generated<Date>;
}

/** Fixed-window counters of the sign-in limiter (lib/auth/rate-limit.ts). */
export interface AuthRateLimitsTable {
  rule: string;
  subject: string;
  windowStart: Timestamp;
  hits: number;
}

export interface Database {
  users: UsersTable;
  totpCodesUsed: TotpCodesUsedTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  grievanceCounters: GrievanceCountersTable;
  grievances: GrievancesTable;
  grievanceEvents: GrievanceEventsTable;
  grievanceAttachments: GrievanceAttachmentsTable;
  grievanceDeadlines: GrievanceDeadlinesTable;
  grievanceAnswers: GrievanceAnswersTable;
  grievanceGrievants: GrievanceGrievantsTable;
  mailOutbox: MailOutboxTable;
  documents: DocumentsTable;
  announcements: AnnouncementsTable;
  grievanceProcedures: GrievanceProceduresTable;
  authRateLimits: AuthRateLimitsTable;
  deadlineReminders: DeadlineRemindersTable;
  calendarFeeds: CalendarFeedsTable;
  insightDismissals: InsightDismissalsTable;
}

export type ReminderKind = "three_days" | "one_day" | "due_today";

/** One reminder sent (0045); its key makes each reminder go out once. */
export interface DeadlineRemindersTable {
  organizationId: string;
  deadlineId: string;
  kind: ReminderKind;
  recipientId: string;
  dueDate: string;
  digest: boolean;
  sentAt: Generated<Date>;
}

/** A person's private calendar address (0045); only the token's hash is kept. */
export interface CalendarFeedsTable {
  organizationId: string;
  userId: string;
  tokenHash: string;
  scope: "mine" | "all";
  createdAt: Generated<Date>;
}

/** JSON columns are written as JSON text (node-postgres would send arrays as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

/** One row per organization (0020); the JSON shapes are src/shared/schemas/procedure.ts. */
export interface GrievanceProceduresTable {
  organizationId: string;
  filingLimit: Json<TLimit>;
  steps: Json<TProcedureStep[]>;
  holidayRegion: string | null;
  closures: Json<TClosure[]>;
  timeZone: string;
  updatedBy: string | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A pattern of the radar dismissed, with its size then (issue 21). */
export interface InsightDismissalsTable {
  organizationId: string;
  clusterId: string;
  dismissedCount: number;
  dismissedBy: string | null;
  dismissedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
