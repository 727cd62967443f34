import type { TGrievanceSummary, TNextDeadline } from "../../../shared/schemas/grievances.ts";
import type { GrievanceStatus, GrievanceType } from "../../db/schema.ts";

/** The list row shape (`ZGrievanceSummary`), also the head of the detail answer. */
export const summary = (
  g: {
    id: string;
    name: string;
    badgeNumber: string;
    jobTitle: string;
    department: string;
    location: string;
    status: GrievanceStatus;
    filedAt: Date | string;
    subject: string;
    stepIndex: number;
    stepName: string;
    heldOn: string | null;
    type: GrievanceType;
  },
  extra: {
    assignee: { id: string; name: string } | null;
    nextDeadline: TNextDeadline | null;
    /** Group grievances: how many grievants (issue 19); the type says it for the others. */
    groupGrievants?: number;
  },
): TGrievanceSummary => ({
  id: g.id,
  name: g.name,
  badgeNumber: g.badgeNumber,
  jobTitle: g.jobTitle,
  department: g.department,
  location: g.location,
  status: g.status,
  filedDate: new Date(g.filedAt).toISOString(),
  subject: g.subject,
  step: { index: g.stepIndex, name: g.stepName },
  assignee: extra.assignee,
  nextDeadline: extra.nextDeadline,
  heldSince: g.heldOn,
  type: g.type,
  grievantCount: g.type === "group" ? (extra.groupGrievants ?? 0) : g.type === "policy" ? 0 : 1,
});
