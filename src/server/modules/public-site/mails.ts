import { html } from "../../lib/html.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { type MailContent, mailDocument } from "../../lib/mail/templates.ts";

/**
 * The mails the public site sends to the sales address (product-decisions.md 24). They are
 * read by UnionHall's own staff, not by the person who wrote: in the staff's language, English,
 * whatever the visitor's (what the visitor wrote is passed on as written).
 */
const STAFF_LANGUAGE: Language = "en";
const t = translator(STAFF_LANGUAGE);

/** A table of label/value rows, then free text; the same content as text and as HTML. */
function salesMail(
  subject: string,
  heading: string,
  rows: [string, string][],
  sections: [string, string][],
): MailContent {
  const filled = rows.filter(([, v]) => v.trim() !== "");
  const filledSections = sections.filter(([, v]) => v.trim() !== "");
  const text = [
    heading,
    "",
    ...filled.map(([k, v]) => `${k}: ${v}`),
    ...filledSections.flatMap(([k, v]) => ["", `${k}:`, v]),
  ].join("\n");
  const body = html`<h1 style="font-size:20px">${heading}</h1><table style="border-collapse:collapse;margin-bottom:16px">${filled.map(
    ([k, v]) =>
      html`<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#555;font-weight:600">${k}</th><td style="padding:4px 0">${v}</td></tr>`,
  )}</table>${filledSections.map(
    ([k, v]) =>
      html`<h2 style="font-size:15px;margin:16px 0 4px">${k}</h2><p style="white-space:pre-wrap;margin:0">${v}</p>`,
  )}`;
  return {
    subject,
    text,
    html: mailDocument(body, { footer: t("mail:sales.footer"), width: 640 }),
  };
}

export function contactMail(input: {
  name: string;
  email: string;
  organization: string;
  message: string;
  topicLabel: string;
  enterprise: boolean;
}): MailContent {
  const names = { name: input.name, organization: input.organization };
  const subject = input.enterprise
    ? t("mail:sales.contact.enterpriseSubject", names)
    : t("mail:sales.contact.subject", names);
  return salesMail(
    subject,
    t("mail:sales.contact.heading"),
    [
      [t("mail:sales.fields.topic"), input.topicLabel],
      [t("mail:sales.fields.name"), input.name],
      [t("mail:sales.fields.email"), input.email],
      [t("mail:sales.fields.organization"), input.organization],
    ],
    [[t("mail:sales.fields.message"), input.message]],
  );
}

export function foundersMail(input: {
  name: string;
  email: string;
  organization: string;
  role: string;
  memberCount: string;
  message: string;
}): MailContent {
  return salesMail(
    t("mail:sales.founders.subject", { organization: input.organization }),
    t("mail:sales.founders.heading"),
    [
      [t("mail:sales.fields.name"), input.name],
      [t("mail:sales.fields.email"), input.email],
      [t("mail:sales.fields.organization"), input.organization],
      [t("mail:sales.fields.role"), input.role],
      [t("mail:sales.fields.members"), input.memberCount],
    ],
    [[t("mail:sales.founders.about"), input.message]],
  );
}

export function setupMail(input: {
  packageName: string;
  buyerName: string;
  buyerEmail: string;
  created: boolean;
  fields: { label: string; value: string; long: boolean }[];
}): MailContent {
  const siteName = input.fields[0]?.value ?? "";
  const names = { package: input.packageName, site: siteName };
  return salesMail(
    t(input.created ? "mail:sales.setup.subject" : "mail:sales.setup.updatedSubject", names),
    t(input.created ? "mail:sales.setup.heading" : "mail:sales.setup.updatedHeading", names),
    [
      [t("mail:sales.setup.buyer"), input.buyerName],
      [t("mail:sales.setup.accountEmail"), input.buyerEmail],
      ...input.fields.filter((f) => !f.long).map((f): [string, string] => [f.label, f.value]),
    ],
    input.fields.filter((f) => f.long).map((f): [string, string] => [f.label, f.value]),
  );
}
