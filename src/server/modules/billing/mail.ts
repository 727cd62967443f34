import { html } from "../../lib/html.ts";
import { plainDay } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { type MailContent, mailDocument } from "../../lib/mail/templates.ts";

export type BillingMailKind = "trial_will_end" | "trial_ended" | "payment_failed";

/** The billing mails to an organization's admins (each in their language): trial ending, trial ended, payment failed. */
export function billingMail(
  kind: BillingMailKind,
  organizationName: string,
  date: Date | null,
  billingUrl: string,
  language: Language,
): MailContent {
  const t = translator(language);
  const organization = organizationName;
  const day = date ? plainDay(language, date.toISOString().slice(0, 10)) : null;
  const { subject, lines } = {
    trial_will_end: {
      subject: t("mail:billing.trialWillEnd.subject", { organization }),
      lines: [
        day
          ? t("mail:billing.trialWillEnd.endsOn", { organization, date: day })
          : t("mail:billing.trialWillEnd.endsSoon", { organization }),
        t("mail:billing.trialWillEnd.action"),
      ],
    },
    trial_ended: {
      subject: t("mail:billing.trialEnded.subject", { organization }),
      lines: [
        day
          ? t("mail:billing.trialEnded.endedOn", { organization, date: day })
          : t("mail:billing.trialEnded.ended", { organization }),
        t("mail:billing.trialEnded.action"),
      ],
    },
    payment_failed: {
      subject: t("mail:billing.paymentFailed.subject", { organization }),
      lines: [
        t("mail:billing.paymentFailed.line", { organization }),
        t("mail:billing.paymentFailed.action"),
      ],
    },
  }[kind];
  const text = `${lines.join("\n\n")}\n\n${t("mail:billing.linkLabel")}: ${billingUrl}`;
  return {
    subject,
    text,
    html: mailDocument(
      html`${lines.map((l) => html`<p>${l}</p>`)}<p><a href="${billingUrl}">${t("mail:billing.open")}</a></p>`,
    ),
  };
}
