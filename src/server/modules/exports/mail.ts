import { formatNumber } from "../../../shared/i18n/format.ts";
import { utcTime } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { layout, type MailContent } from "../../lib/mail/templates.ts";

/** To the admin who asked, in their language, when the organization's export is ready. */
export function exportReadyMail(a: {
  organizationName: string;
  sizeBytes: number;
  expiresAt: string;
  url: string;
  language: Language;
}): MailContent {
  const t = translator(a.language);
  const megabytes = formatNumber(
    a.language,
    Math.max(0.1, Math.round(a.sizeBytes / 104_857.6) / 10),
  );
  const lines = [
    t("mail:export.ready", { organization: a.organizationName, size: megabytes }),
    t("mail:export.expires", { date: utcTime(a.language, a.expiresAt) }),
    t("mail:export.private"),
  ];
  const label = t("mail:export.button");
  return {
    subject: t("mail:export.subject", { organization: a.organizationName }),
    text: `${lines.join("\n\n")}\n\n${label}: ${a.url}`,
    html: layout(t("mail:export.title"), lines, { label, url: a.url }, a.language),
  };
}
