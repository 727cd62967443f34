import { layout, type MailContent } from "../../lib/mail/templates.ts";

/** To the employer's representative: the link to the grievance as served and the answer form. */
export function serviceMail(a: {
  organizationName: string;
  contactName: string;
  grievanceId: string;
  subject: string;
  stepName: string;
  dueText: string;
  message: string;
  url: string;
}): MailContent {
  const lines = [
    `Hello ${a.contactName},`,
    `${a.organizationName} serves you grievance ${a.grievanceId} (${a.subject}) at ${a.stepName}.`,
    ...(a.message ? [a.message] : []),
    `${a.dueText}. The link below shows the grievance as served, with its PDF, and takes your answer; no account is needed.`,
    "This link is for you alone: please do not forward it.",
  ];
  return {
    subject: `Grievance ${a.grievanceId} served by ${a.organizationName}`,
    text: `${lines.join("\n\n")}\n\nAnswer the grievance: ${a.url}`,
    html: layout(`Grievance ${a.grievanceId}`, lines, {
      label: "Answer the grievance",
      url: a.url,
    }),
  };
}

/** To the assignee (or the admins when nobody is assigned) when the employer answers by link. */
export function answeredMail(a: {
  grievanceId: string;
  subject: string;
  stepName: string;
  contactName: string;
  decision: string;
  appealText: string | null;
  url: string;
}): MailContent {
  const lines = [
    `${a.contactName} answered grievance ${a.grievanceId} (${a.subject}) at ${a.stepName}: ${a.decision}.`,
    a.appealText ?? "No appeal deadline follows this step.",
  ];
  return {
    subject: `Employer answered grievance ${a.grievanceId}`,
    text: `${lines.join("\n\n")}\n\nSee the grievance: ${a.url}`,
    html: layout(`Grievance ${a.grievanceId}`, lines, { label: "See the grievance", url: a.url }),
  };
}
