import type { DEADLINE_KINDS } from "../../../shared/schemas/grievances.ts";
import { weekdayDay } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
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
      what: t(`mail:missed.what.${a.kind}`, { step: a.stepName }),
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
