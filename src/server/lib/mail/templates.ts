/** The mails the product sends. Each has a plain-text body (what the log and tests read) and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">UnionHall</p></body></html>`;
}

export function verifyEmailMail(name: string, url: string): MailContent {
  const lines = [
    `Hello ${name},`,
    "Please confirm your email address to finish creating your UnionHall account.",
  ];
  return {
    subject: "Confirm your UnionHall account",
    text: `${lines.join("\n\n")}\n\nConfirm your email: ${url}\n\nIf you did not sign up, you can ignore this message.`,
    html: layout(
      "Confirm your email",
      [...lines, "If you did not sign up, you can ignore this message."],
      {
        label: "Confirm email",
        url,
      },
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
