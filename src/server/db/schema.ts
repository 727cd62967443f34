import type { ColumnType, Generated } from "kysely";

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
}

export interface GrievanceEventsTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  actorId: string | null;
  actorName: string;
  actorRole: string;
  kind: "filed" | "status" | "comment" | "attachment";
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  grievanceCounters: GrievanceCountersTable;
  grievances: GrievancesTable;
  grievanceEvents: GrievanceEventsTable;
  grievanceAttachments: GrievanceAttachmentsTable;
  mailOutbox: MailOutboxTable;
  documents: DocumentsTable;
  announcements: AnnouncementsTable;
}
