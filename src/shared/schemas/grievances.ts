import { z } from "zod";

/** The spec's wording (portal spec, sections 4, 5 and 8). */
export const GrievanceMessages = {
  fullName: "Full name is required",
  badgeNumber: "Badge number is required",
  jobTitle: "Job title is required",
  department: "Department is required",
  location: "Location is required",
  description: "Please provide a detailed description",
  remedy: "Please describe the remedy you are seeking",
  commentBlank: "A comment must not be blank.",
  notInList: {
    jobTitle: "Please choose a job title from your organization's list.",
    department: "Please choose a department from your organization's list.",
    location: "Please choose a location from your organization's list.",
  },
} as const;

export const GRIEVANCE_STATUSES = ["new", "pending", "escalated", "resolved"] as const;
export type TGrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const ZGrievanceStatus = z.enum(GRIEVANCE_STATUSES);

const required = (message: string, min = 1, max = 200) =>
  z.string({ message }).trim().min(min, message).max(max);

export const ZGrievanceInput = z.object({
  name: required(GrievanceMessages.fullName, 2, 120),
  badgeNumber: required(GrievanceMessages.badgeNumber, 1, 50),
  jobTitle: required(GrievanceMessages.jobTitle, 1, 100),
  department: required(GrievanceMessages.department, 1, 100),
  location: required(GrievanceMessages.location, 1, 100),
  description: required(GrievanceMessages.description, 10, 10_000),
  remedy: required(GrievanceMessages.remedy, 10, 5_000),
});
export type TGrievanceInput = z.input<typeof ZGrievanceInput>;

export const ZStatusChange = z.object({
  status: z.enum(["pending", "escalated", "resolved"]),
  note: z.string().trim().max(2000).optional(),
});
export type TStatusChange = z.infer<typeof ZStatusChange>;

export const ZComment = z.object({
  text: z
    .string({ message: GrievanceMessages.commentBlank })
    .trim()
    .min(1, GrievanceMessages.commentBlank)
    .max(5000),
});

/** Which actions the screens and the server allow from a status (DECISIONS.md 18). */
export const TRANSITIONS: Record<TGrievanceStatus, readonly TStatusChange["status"][]> = {
  new: ["pending", "escalated", "resolved"],
  pending: ["escalated", "resolved"],
  escalated: ["pending", "resolved"],
  resolved: [],
};
export const canMoveTo = (from: TGrievanceStatus, to: TStatusChange["status"]) =>
  TRANSITIONS[from].includes(to);

/** Status badge colours: pending yellow, escalated blue, resolved green, new green (portal spec 4). */
export const STATUS_TONE: Record<TGrievanceStatus, "yellow" | "blue" | "green"> = {
  new: "green",
  pending: "yellow",
  escalated: "blue",
  resolved: "green",
};

export const ZListQuery = z.object({
  status: ZGrievanceStatus.optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
});

export const ZGrievanceSummary = z.object({
  id: z.string(),
  name: z.string(),
  badgeNumber: z.string(),
  jobTitle: z.string(),
  department: z.string(),
  location: z.string(),
  status: ZGrievanceStatus,
  filedDate: z.string(),
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
  action: z.string(),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;

export const ZGrievance = ZGrievanceSummary.extend({
  description: z.string(),
  remedy: z.string(),
  attachments: z.array(ZAttachment),
  activityLog: z.array(ZLogEntry),
  submittedByMe: z.boolean(),
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
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;

export const ZActivityItem = z.object({
  id: z.string(),
  grievanceId: z.string(),
  user: z.string(),
  action: z.string(),
  time: z.string(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;

/** The activity log's wording: 'Grievance filed by {name}.', 'Marked as pending', 'Comment: ...'. */
export function describeEvent(e: {
  kind: string;
  status: string | null;
  text: string | null;
}): string {
  if (e.kind === "filed") return e.text ?? "Grievance filed.";
  if (e.kind === "comment") return `Comment: ${e.text ?? ""}`;
  if (e.kind === "attachment") return `Attached ${e.text ?? "a file"}`;
  const base =
    e.status === "pending"
      ? "Marked as pending"
      : e.status === "escalated"
        ? "Escalated"
        : "Resolved";
  return e.text ? `${base}: ${e.text}` : base;
}
