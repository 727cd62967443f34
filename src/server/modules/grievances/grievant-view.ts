import { can, type Role } from "../../../shared/permissions.ts";
import {
  grievantMaySee,
  type TGrievance,
  type TGrievanceAction,
  type TGrievanceStatus,
} from "../../../shared/schemas/grievances.ts";

/**
 * What a grievant sees of their own grievance (product-decisions.md 28): the step, the running
 * deadline in plain words, their steward, comments, attachments and the employer's answers;
 * never an internal note, nor the stewards' deadline workings. Every answer to a member goes
 * through here; mails skip internal notes and live streams drop them by the same rule
 * (`grievantMaySee`).
 */
export function forGrievant(g: TGrievance): TGrievance {
  return {
    ...g,
    activityLog: g.activityLog.filter((e) => !e.internal),
    deadlines: [],
    // A grievant may confirm an unpaid money remedy ('I received it', issue 19).
    actions: g.outcome?.remedy && !g.outcome.remedy.receivedAt ? ["remedyReceived"] : [],
    grievantLastUpdatedAt: null,
    // A steward's internal summary of a contact never reaches the grievant (issue 34).
    contacts: g.contacts.map((c) => (c.internal ? { ...c, summary: null } : c)),
  };
}

export { grievantMaySee };

/** What a viewer may do now; the server refuses the rest (403 for members, 409 for the state). */
export function nextActions(
  role: Role,
  g: {
    status: TGrievanceStatus;
    held: boolean;
    lastStep: boolean;
    answered: boolean;
    running: boolean;
    /** Issue 19: the type (group grievances take grievants) and an unpaid money remedy. */
    type?: "individual" | "group" | "policy";
    remedyDue?: boolean;
    /** Merged into a group grievance: closed for good. */
    merged?: boolean;
  },
): TGrievanceAction[] {
  if (!can(role, "update:grievance")) return [];
  const extra: TGrievanceAction[] =
    g.type === "group" && g.status !== "resolved" ? ["grievants"] : [];
  if (g.status === "resolved") {
    const closed: TGrievanceAction[] = g.remedyDue ? ["remedyReceived"] : [];
    if (can(role, "resolve:grievance") && !g.merged) closed.push("reopen");
    return [...closed, ...extra, "note"];
  }
  const actions: TGrievanceAction[] = [];
  if (g.status === "new") actions.push("markPending");
  if (g.held) actions.push("resume");
  else {
    if (!g.answered) actions.push("respond");
    if (!g.lastStep && can(role, "escalate:grievance")) actions.push("appeal");
    if (g.running) actions.push("extend");
    actions.push("hold");
  }
  actions.push("assign");
  if (can(role, "resolve:grievance")) actions.push("close");
  actions.push(...extra, "note");
  return actions;
}
