import type { MailContent } from "../../lib/mail/templates.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** An announcement sent to a member: the text as written (escaped in the HTML part), a link to the board. */
export function announcementMail(input: {
  organizationName: string;
  title: string;
  content: string;
  category: string;
  authorName: string | null;
  url: string;
}): MailContent {
  const byline = `${input.category} · posted by ${input.authorName ?? "your union"} in ${input.organizationName}`;
  const footer = "You receive this because you are a member of this organization on UnionHall.";
  return {
    subject: `${input.organizationName}: ${input.title}`,
    text: `${input.title}\n${byline}\n\n${input.content}\n\nSee all announcements: ${input.url}\n\n${footer}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(input.title)}</h1><p style="margin:0 0 16px;color:#555;font-size:13px">${escapeHtml(byline)}</p><p style="white-space:pre-wrap;margin:0 0 16px">${escapeHtml(input.content)}</p><p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">See all announcements</a></p><p style="font-size:12px;color:#777">${escapeHtml(footer)}</p></body></html>`,
  };
}
