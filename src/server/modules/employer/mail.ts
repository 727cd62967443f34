import type { TDecision } from "../../../shared/schemas/grievances.ts";
import { weekdayDay } from "../../lib/i18n/days.ts";
import { defaultsIn, type Language, translator } from "../../lib/i18n/index.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

/** 'Your answer is due by Tue 8 Dec 2026 under the agreement', in the mail's language. */
export function dueSentence(dueDate: string | null, stepName: string, language: Language): string {
  const t = translator(language);
  return dueDate
    ? t("mail:employer.dueBy", { date: weekdayDay(language, dueDate) })
    : t("mail:employer.noDate", { step: defaultsIn(language).step(stepName) });
}

/**
 * To the employer's representative: the link to the grievance as served and the answer form.
 * The contact has no account: the mail is in the language of the steward who serves it, the
 * one who wrote its message.
 */
export function serviceMail(a: {
  organizationName: string;
  contactName: string;
  grievanceId: string;
  subject: string;
  stepName: string;
  dueText: string;
  message: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const id = a.grievanceId;
  const lines = [
    t("mail:common.hello", { name: a.contactName }),
    t("mail:employer.serves", {
      organization: a.organizationName,
      id,
      subject: a.subject,
      step: defaultsIn(a.language).step(a.stepName),
    }),
    ...(a.message ? [a.message] : []),
    t("mail:employer.link", { due: a.dueText }),
    t("mail:employer.alone"),
  ];
  const answer = t("mail:employer.answer");
  return {
    subject: t("mail:employer.subject", { id, organization: a.organizationName }),
    text: `${lines.join("\n\n")}\n\n${answer}: ${a.url}`,
    html: layout(
      t("mail:common.grievanceTitle", { id }),
      lines,
      { label: answer, url: a.url },
      a.language,
    ),
  };
}

/** To the assignee (or the admins when nobody is assigned) when the employer answers by link. */
export function answeredMail(a: {
  grievanceId: string;
  subject: string;
  stepName: string;
  contactName: string;
  decision: TDecision;
  /** The union's appeal deadline that the answer started, if any. */
  appeal: { stepName: string; dueDate: string } | null;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const id = a.grievanceId;
  const lines = [
    t("mail:employer.answered", {
      contact: a.contactName,
      id,
      subject: a.subject,
      step: defaultsIn(a.language).step(a.stepName),
      decision: t(`mail:employer.decisions.${a.decision}`),
    }),
    a.appeal
      ? t("mail:employer.appeal", {
          step: defaultsIn(a.language).step(a.appeal.stepName),
          date: weekdayDay(a.language, a.appeal.dueDate),
        })
      : t("mail:employer.noAppeal"),
  ];
  const see = t("mail:common.seeGrievance");
  return {
    subject: t("mail:employer.answeredSubject", { id }),
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(
      t("mail:common.grievanceTitle", { id }),
      lines,
      { label: see, url: a.url },
      a.language,
    ),
  };
}
