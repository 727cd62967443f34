import { html, type SafeHtml } from "../html.ts";
import { type Language, translator } from "../i18n/index.ts";

/** The mails the product sends. Each has a plain-text body (what the log and tests read) and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const BUTTON =
  "background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none";

/** The frame of every mail: one font, one width, a small footer. */
export function mailDocument(
  content: SafeHtml,
  options: { footer?: string; width?: number } = {},
): string {
  const { footer = "UnionHall", width = 560 } = options;
  return html`<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:${width}px;margin:auto;padding:24px">${content}<p style="font-size:12px;color:#777;margin-top:24px">${footer}</p></body></html>`.toString();
}

/** A link drawn as a button. */
export const mailButton = (label: string, url: string) =>
  html`<p style="margin:24px 0"><a href="${url}" style="${BUTTON}">${label}</a></p>`;

/** The usual mail: a heading, paragraphs, and an optional button with its link written out. */
export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  language: Language = "en",
): string {
  return mailDocument(
    html`<h1 style="font-size:20px">${title}</h1>${paragraphs.map(
      (p) => html`<p style="margin:0 0 16px">${p}</p>`,
    )}${
      action &&
      html`${mailButton(action.label, action.url)}<p style="font-size:12px;color:#555">${translator(language)("mail:common.orOpen")}: ${action.url}</p>`
    }`,
  );
}

export function verifyEmailMail(name: string, url: string, language: Language): MailContent {
  const t = translator(language);
  const lines = [t("mail:common.hello", { name }), t("mail:verify.intro")];
  const ignore = t("mail:verify.ignore");
  return {
    subject: t("mail:verify.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail:verify.linkLabel")}: ${url}\n\n${ignore}`,
    html: layout(
      t("mail:verify.title"),
      [...lines, ignore],
      { label: t("mail:verify.button"), url },
      language,
    ),
  };
}

export function resetPasswordMail(name: string, url: string): MailContent {
  const lines = [
    `Hello ${name},`,
    "Someone asked to reset the password of your UnionHall account.",
  ];
  return {
    subject: "Reset your UnionHall password",
    text: `${lines.join("\n\n")}\n\nChoose a new password: ${url}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    html: layout(
      "Reset your password",
      [...lines, "If it was not you, ignore this message: your password stays as it is."],
      {
        label: "Choose a new password",
        url,
      },
    ),
  };
}

/** Sent instead of a second verification mail when someone signs up with a registered email. */
export function existingAccountMail(name: string, loginUrl: string, resetUrl: string): MailContent {
  const lines = [
    `Hello ${name},`,
    "Someone tried to create a UnionHall account with this email address, which already has one.",
  ];
  return {
    subject: "You already have a UnionHall account",
    text: `${lines.join("\n\n")}\n\nSign in: ${loginUrl}\nForgot your password? ${resetUrl}`,
    html: layout("You already have an account", [...lines, `Forgot your password? ${resetUrl}`], {
      label: "Sign in",
      url: loginUrl,
    }),
  };
}

export function invitationMail(organizationName: string, role: string, url: string): MailContent {
  const lines = [
    "Hello,",
    `You are invited to join ${organizationName} on UnionHall as ${role === "admin" ? "an" : "a"} ${role}.`,
    "Open the link below; if you have no account yet, you can create one with this email address.",
  ];
  return {
    subject: `You're invited to ${organizationName} on UnionHall`,
    text: `${lines.join("\n\n")}\n\nAccept the invitation: ${url}\n\nThe invitation is valid for 14 days.`,
    html: layout(`Join ${organizationName}`, [...lines, "The invitation is valid for 14 days."], {
      label: "Accept the invitation",
      url,
    }),
  };
}

export function grievanceUpdateMail(
  name: string,
  grievanceId: string,
  what: string,
  url: string,
): MailContent {
  const lines = [`Hello ${name},`, `Your grievance ${grievanceId} has an update:`, what];
  return {
    subject: `Update on your grievance ${grievanceId}`,
    text: `${lines.join("\n\n")}\n\nSee the grievance: ${url}`,
    html: layout(`Grievance ${grievanceId}`, lines, { label: "See the grievance", url }),
  };
}
