import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "../../shared/i18n/languages.ts";
import { renderLine, type Translate } from "../../shared/i18n/render-line.ts";
import type { TextLine } from "../../shared/i18n/text-lines.ts";

/**
 * Stored lines (an activity entry, a deadline's explanation line) in the reader's language
 * (issue 31): the shared renderer over the `grievances` catalogue, as the server renders them
 * for mails and the case file. Public holidays come named in every language by the server.
 */
export function useLineText(): (l: TextLine) => string {
  const { t, i18n } = useTranslation("grievances");
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const context = { language, t: t as unknown as Translate };
  return (l) => renderLine(l, context);
}
