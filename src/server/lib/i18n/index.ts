import i18next, { type TFunction } from "i18next";
import { CATALOGUES, NAMESPACES } from "../../../shared/i18n/catalogues.ts";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageFromCookie,
  pickLanguage,
} from "../../../shared/i18n/languages.ts";
import { translateStored } from "../../../shared/i18n/stored-text.ts";

/**
 * The server's translations (issue 22, decision 024): the same catalogues as the browser, loaded
 * once and synchronously. Mails, the case file, the calendar feed and API messages take a
 * `Language` and translate with `translator(language)`.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: CATALOGUES,
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  ns: [...NAMESPACES],
  defaultNS: "common",
  initAsync: false,
  interpolation: { escapeValue: false }, // mails escape through lib/html.ts, the PDF needs none
  returnNull: false,
});

/** `t` for one language, any namespace by prefix ('mail:verify.subject'). */
export const translator = (language: Language): TFunction => i18n.getFixedT(language);

/**
 * An English message (an API error, a validation message) in `language`: the `messages`
 * catalogue is keyed by the English text itself, so a message without an entry stays English.
 */
export function messageIn(language: Language, message: string): string {
  if (language === DEFAULT_LANGUAGE) return message;
  return i18n.t(message, {
    lng: language,
    ns: "messages",
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}

/** A stored language (users.language), English for anything unknown. */
export const asLanguage = (value: unknown): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

/**
 * The language of a request from someone not signed in: the switcher's cookie, else the
 * browser's Accept-Language. (A signed-in user's profile language comes first; see plugins.)
 */
export function requestLanguage(headers: {
  cookie?: string | undefined;
  "accept-language"?: string | undefined;
}): Language {
  return languageFromCookie(headers.cookie) ?? pickLanguage(headers["accept-language"]);
}

export type { Language } from "../../../shared/i18n/languages.ts";

/**
 * A sentence the server stored in English (an activity entry, a deadline's explanation line)
 * for a reader of `language`: translated through the `grievances` catalogue's patterns
 * (src/shared/i18n/stored-text.ts), as the web does; English comes back as stored.
 */
export function storedTextIn(language: Language): (text: string) => string {
  const t = translator(language);
  return (text) =>
    translateStored(text, language, (key, options) => t(`grievances:${key}`, options));
}
