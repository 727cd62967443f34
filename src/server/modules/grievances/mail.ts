import type { DEADLINE_KINDS } from "../../../shared/schemas/grievances.ts";
import { weekdayDay } from "../../lib/i18n/days.ts";
import { defaultsIn, type Language, translator } from "../../lib/i18n/index.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

/** To the assignee and the admins (each in their language) when a deadline passes while open (never to the grievant). */
export function deadlineMissedMail(a: {
  grievanceId: string;
  subject: string;
  kind: (typeof DEADLINE_KINDS)[number];
  stepName: string;
  dueDate: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const id = a.grievanceId;
  const lines = [
    t("mail:missed.line", {
      what: t(`mail:missed.what.${a.kind}`, { step: defaultsIn(a.language).step(a.stepName) }),
      id,
      subject: a.subject,
      date: weekdayDay(a.language, a.dueDate),
    }),
    t("mail:missed.check"),
  ];
  const see = t("mail:common.seeGrievance");
  return {
    subject: t("mail:missed.subject", { id }),
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(t("mail:missed.subject", { id }), lines, { label: see, url: a.url }, a.language),
  };
}

/** To the assigned steward (or the stewards) when a member asks a question (issue 34). */
export function questionAskedMail(a: {
  name: string;
  asker: string;
  grievanceId: string | null;
  text: string;
  replyDueOn: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const subject = a.grievanceId
    ? t("mail:question.subjectCase", { name: a.asker, id: a.grievanceId })
    : t("mail:question.subject", { name: a.asker });
  const lines = [
    t("mail:common.hello", { name: a.name }),
    t("mail:question.intro", { name: a.asker }),
    a.text,
    t("mail:question.due", { date: weekdayDay(a.language, a.replyDueOn) }),
  ];
  const see = t("mail:question.open");
  return {
    subject,
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(subject, lines, { label: see, url: a.url }, a.language),
  };
}

/** To the member, in their language, once: the steward's reply to their question. */
export function questionAnsweredMail(a: {
  name: string;
  steward: string;
  question: string;
  reply: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const subject = t("mail:answer.subject", { name: a.steward });
  const lines = [
    t("mail:common.hello", { name: a.name }),
    t("mail:answer.intro", { name: a.steward }),
    a.reply,
    t("mail:answer.yourQuestion", { text: a.question }),
  ];
  const see = t("mail:answer.open");
  return {
    subject,
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(subject, lines, { label: see, url: a.url }, a.language),
  };
}

/** The written notice of a decision to the grievant (issue 34), with the local's appeal route. */
export function decisionNoticeMail(a: {
  name: string;
  grievanceId: string;
  kind: "withdrawn" | "settled" | "not_appealed";
  step: string;
  reason: string;
  appeal: { text: string; dueOn: string | null } | null;
  decidedBy: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const subject = t("mail:notice.subject", { id: a.grievanceId });
  const lines = [
    t("mail:common.hello", { name: a.name }),
    t(`mail:notice.kinds.${a.kind}`, {
      id: a.grievanceId,
      step: defaultsIn(a.language).step(a.step),
    }),
    t("mail:notice.reason", { reason: a.reason }),
    t("mail:notice.decidedBy", { name: a.decidedBy }),
    ...(a.appeal
      ? [
          t("mail:notice.appeal", { text: a.appeal.text }),
          ...(a.appeal.dueOn
            ? [t("mail:notice.appealBy", { date: weekdayDay(a.language, a.appeal.dueOn) })]
            : []),
        ]
      : []),
  ];
  const see = t("mail:common.seeGrievance");
  return {
    subject,
    text: `${lines.join("\n\n")}\n\n${see}: ${a.url}`,
    html: layout(subject, lines, { label: see, url: a.url }, a.language),
  };
}
