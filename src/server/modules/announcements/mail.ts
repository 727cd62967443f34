import { html } from "../../lib/html.ts";
import { type MailContent, mailButton, mailDocument } from "../../lib/mail/templates.ts";

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
    html: mailDocument(
      html`<h1 style="font-size:20px;margin:0 0 4px">${input.title}</h1><p style="margin:0 0 16px;color:#555;font-size:13px">${byline}</p><p style="white-space:pre-wrap;margin:0 0 16px">${input.content}</p>${mailButton("See all announcements", input.url)}`,
      { footer },
    ),
  };
}
