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

export function resetPasswordMail(name: string, url: string, language: Language): MailContent {
  const t = translator(language);
  const lines = [t("mail:common.hello", { name }), t("mail:reset.intro")];
  const ignore = t("mail:reset.ignore");
  return {
    subject: t("mail:reset.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail:reset.linkLabel")}: ${url}\n\n${ignore}`,
    html: layout(
      t("mail:reset.title"),
      [...lines, ignore],
      { label: t("mail:reset.button"), url },
      language,
    ),
  };
}

/** Sent instead of a second verification mail when someone signs up with a registered email. */
export function existingAccountMail(
  name: string,
  loginUrl: string,
  resetUrl: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const lines = [t("mail:common.hello", { name }), t("mail:existing.intro")];
  const forgot = `${t("mail:existing.forgot")} ${resetUrl}`;
  return {
    subject: t("mail:existing.subject"),
    text: `${lines.join("\n\n")}\n\n${t("mail:existing.signIn")}: ${loginUrl}\n${forgot}`,
    html: layout(
      t("mail:existing.title"),
      [...lines, forgot],
      { label: t("mail:existing.signIn"), url: loginUrl },
      language,
    ),
  };
}

/** To an invited address: in its owner's language when it has an account, else the inviter's. */
export function invitationMail(
  organizationName: string,
  role: string,
  url: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const organization = organizationName;
  const lines = [
    t("mail:common.helloNoName"),
    t("mail:invitation.invited", {
      organization,
      role: t(`mail:invitation.roles.${role}`, { defaultValue: role }),
    }),
    t("mail:invitation.open"),
  ];
  const valid = t("mail:invitation.valid");
  return {
    subject: t("mail:invitation.subject", { organization }),
    text: `${lines.join("\n\n")}\n\n${t("mail:invitation.linkLabel")}: ${url}\n\n${valid}`,
    html: layout(
      t("mail:invitation.title", { organization }),
      [...lines, valid],
      { label: t("mail:invitation.button"), url },
      language,
    ),
  };
}

/** To a grievant: `what` is the activity log's entry, as written there. */
export function grievanceUpdateMail(
  name: string,
  grievanceId: string,
  what: string,
  url: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const id = grievanceId;
  const lines = [t("mail:common.hello", { name }), t("mail:grievanceUpdate.intro", { id }), what];
  return {
    subject: t("mail:grievanceUpdate.subject", { id }),
    text: `${lines.join("\n\n")}\n\n${t("mail:common.seeGrievance")}: ${url}`,
    html: layout(
      t("mail:common.grievanceTitle", { id }),
      lines,
      { label: t("mail:common.seeGrievance"), url },
      language,
    ),
  };
}
