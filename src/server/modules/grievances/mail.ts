import type { MailContent } from "../../lib/mail/templates.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

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
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join("")}<p><a href="${escapeHtml(a.url)}">See the grievance</a></p></body></html>`,
  };
}
