import { html } from "../../lib/html.ts";
import { type MailContent, mailDocument } from "../../lib/mail/templates.ts";

/** The mails the public site sends to the sales address (product-decisions.md 24). */

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
    html: mailDocument(body, { footer: "UnionHall public site", width: 640 }),
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
  const subject = input.enterprise
    ? `Enterprise Plan Inquiry from ${input.name} (${input.organization})`
    : `Contact request from ${input.name} (${input.organization})`;
  return salesMail(
    subject,
    "New message from the contact form",
    [
      ["Topic", input.topicLabel],
      ["Name", input.name],
      ["Email", input.email],
      ["Organization", input.organization],
    ],
    [["Message", input.message]],
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
    `Founders application: ${input.organization}`,
    "New application for the Founders plan",
    [
      ["Name", input.name],
      ["Email", input.email],
      ["Organization", input.organization],
      ["Role", input.role],
      ["Members", input.memberCount],
    ],
    [["About the organization", input.message]],
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
  return salesMail(
    `${input.created ? "Website set-up" : "Website set-up updated"}: ${input.packageName} for ${siteName}`,
    `${input.packageName} website set-up ${input.created ? "received" : "updated"}`,
    [
      ["Buyer", input.buyerName],
      ["Account email", input.buyerEmail],
      ...input.fields.filter((f) => !f.long).map((f): [string, string] => [f.label, f.value]),
    ],
    input.fields.filter((f) => f.long).map((f): [string, string] => [f.label, f.value]),
  );
}
