import { layout, type MailContent } from "../../lib/mail/templates.ts";

/** To the assignee and the admins when a deadline passes while open (never to the grievant). */
export function deadlineMissedMail(a: {
  grievanceId: string;
  subject: string;
  what: string;
  dueDate: string;
  url: string;
}): MailContent {
  const lines = [
    `${a.what} on grievance ${a.grievanceId} (${a.subject}) was due ${a.dueDate} and has passed.`,
    "Check the grievance: record the answer, appeal, or agree an extension in writing.",
  ];
  return {
    subject: `Deadline missed on grievance ${a.grievanceId}`,
    text: `${lines.join("\n\n")}\n\nSee the grievance: ${a.url}`,
    html: layout(`Deadline missed on grievance ${a.grievanceId}`, lines, {
      label: "See the grievance",
      url: a.url,
    }),
  };
}
