import { html } from "../../lib/html.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { type MailContent, mailButton, mailDocument } from "../../lib/mail/templates.ts";

/** An announcement sent to a member: the text as written (escaped in the HTML part), a link to the board. */
export function announcementMail(input: {
  organizationName: string;
  title: string;
  content: string;
  category: string;
  authorName: string | null;
  url: string;
  /** The member's. */
  language: Language;
}): MailContent {
  const t = translator(input.language);
  const byline = t("mail:announcement.byline", {
    category: t(`mail:announcement.categories.${input.category}`, {
      defaultValue: input.category,
    }),
    author: input.authorName ?? t("mail:announcement.yourUnion"),
    organization: input.organizationName,
  });
  const footer = t("mail:announcement.footer");
  const seeAll = t("mail:announcement.seeAll");
  return {
    subject: `${input.organizationName}: ${input.title}`,
    text: `${input.title}\n${byline}\n\n${input.content}\n\n${seeAll}: ${input.url}\n\n${footer}`,
    html: mailDocument(
      html`<h1 style="font-size:20px;margin:0 0 4px">${input.title}</h1><p style="margin:0 0 16px;color:#555;font-size:13px">${byline}</p><p style="white-space:pre-wrap;margin:0 0 16px">${input.content}</p>${mailButton(seeAll, input.url)}`,
      { footer },
    ),
  };
}
