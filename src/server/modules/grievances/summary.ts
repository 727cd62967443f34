import type { GrievanceStatus } from "../../db/schema.ts";

/** The list row shape (`ZGrievanceSummary`), also the head of the detail answer. */
export const summary = (g: {
  id: string;
  name: string;
  badgeNumber: string;
  jobTitle: string;
  department: string;
  location: string;
  status: GrievanceStatus;
  filedAt: Date | string;
}) => ({
  id: g.id,
  name: g.name,
  badgeNumber: g.badgeNumber,
  jobTitle: g.jobTitle,
  department: g.department,
  location: g.location,
  status: g.status,
  filedDate: new Date(g.filedAt).toISOString(),
});
