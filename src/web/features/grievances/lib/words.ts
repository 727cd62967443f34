import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../../shared/i18n/languages.ts";
import type { Translate } from "./deadline-words.ts";

/** The `grievances` words and the language on screen, for dates and numbers through Intl. */
export function useWords(): { t: Translate; language: Language } {
  const { t, i18n } = useTranslation("grievances");
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return { t: t as Translate, language };
}

/**
 * What a closed grievance's money remedy is for: stored as these English words (the case file
 * and the employer read them), shown in the reader's language.
 */
// i18n-ignore: stored values (a remedy's description), shown through remedyKindLabel
export const REMEDY_KINDS = ["Back pay", "Reinstatement pay", "Other"] as const;
export type TRemedyKind = (typeof REMEDY_KINDS)[number];
const REMEDY_KIND_KEYS: Record<TRemedyKind, string> = {
  "Back pay": "backPay",
  "Reinstatement pay": "reinstatementPay",
  Other: "other",
};

/** A remedy's stored description in the reader's language when it is one of ours. */
export function remedyKindLabel(description: string, t: Translate): string {
  const key = REMEDY_KIND_KEYS[description as TRemedyKind];
  return key ? t(`remedyKind.${key}`) : description;
}

/** A role of the activity log ('steward') in the reader's language, or as stored. */
export const roleLabel = (role: string, t: Translate) => t(`role.${role}`, { defaultValue: role });
