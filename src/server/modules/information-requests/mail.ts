import { weekdayDay } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

/**
 * To the employer's contact: the items asked for, the due date and the link that takes the
 * answers (also the reminder on the due date). The contact has no account: the mail is in the
 * language of the steward who serves it.
 */
export function requestMail(a: {
  organizationName: string;
  contactName: string;
  grievanceId: string;
  items: string[];
  dueDate: string;
  message: string;
  /** The link; empty in a reminder (the first mail has it). */
  url: string;
  language: Language;
  reminder: boolean;
  /** Served again once overdue: the missing items, and the follow-up letter at the link. */
  followUp?: boolean;
}): MailContent {
  const t = translator(a.language);
  const id = a.grievanceId;
  const date = weekdayDay(a.language, a.dueDate);
  const lines = [
    t("mail:common.hello", { name: a.contactName }),
    a.reminder
      ? t("mail:information.reminder", { organization: a.organizationName, id, date })
      : a.followUp
        ? t("mail:information.followUp", { organization: a.organizationName, id, date })
        : t("mail:information.asks", { organization: a.organizationName, id, date }),
    ...a.items.map((item, i) => `${i + 1}. ${item}`),
    ...(a.message ? [a.message] : []),
    // Only the SHA-256 of the link is kept: a reminder points to the first mail's link.
    a.url ? t("mail:information.link") : t("mail:information.useLink"),
    t("mail:employer.alone"),
  ];
  const answer = t("mail:information.answer");
  return {
    subject: a.reminder
      ? t("mail:information.reminderSubject", { id, organization: a.organizationName })
      : t("mail:information.subject", { id, organization: a.organizationName }),
    text: a.url ? `${lines.join("\n\n")}\n\n${answer}: ${a.url}` : lines.join("\n\n"),
    html: layout(
      t("mail:common.grievanceTitle", { id }),
      lines,
      a.url ? { label: answer, url: a.url } : undefined,
      a.language,
    ),
  };
}

/** To the assignee (or the admins): a request is due today and items are still missing. */
export function stewardReminderMail(a: {
  grievanceId: string;
  missing: number;
  dueDate: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const id = a.grievanceId;
  const lines = [
    t("mail:information.stewardDue", {
      id,
      count: a.missing,
      date: weekdayDay(a.language, a.dueDate),
    }),
  ];
  const see = t("mail:common.seeGrievance");
  return {
    subject: t("mail:information.stewardSubject", { id }),
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(
      t("mail:common.grievanceTitle", { id }),
      lines,
      { label: see, url: a.url },
      a.language,
    ),
  };
}
