import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  LOCALE_TAG,
  languageFromCookie,
  pickLanguage,
} from "../../shared/i18n/languages.ts";

/**
 * The browser's translations (issue 22, decision 024). Each catalogue (language × namespace)
 * is its own chunk, fetched when a page first asks for its namespace: English readers download
 * no Spanish, and the landing page none of the portal's words.
 */
const loaders = import.meta.glob<Record<string, unknown>>(
  [
    "../../shared/i18n/locales/*/*.json",
    // The server's own writing (mails, case file, calendar feed) never reaches the browser.
    "!../../shared/i18n/locales/*/mail.json",
    "!../../shared/i18n/locales/*/casefile.json",
    "!../../shared/i18n/locales/*/calendar.json",
    "!../../shared/i18n/locales/*/holidays.json",
  ],
  { import: "default" },
);

/** The language this page starts in. */
export function initialLanguage(): Language {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  return languageFromCookie(document.cookie) ?? pickLanguage(navigator.languages);
}

export const i18n = i18next.createInstance();

/** Starts i18next with the common namespace loaded; resolves when it can render. */
export async function startI18n(language = initialLanguage(), namespaces: string[] = []) {
  i18n.use(initReactI18next);
  if (!import.meta.env.SSR) {
    i18n.use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = loaders[`../../shared/i18n/locales/${lng}/${ns}.json`];
        return load ? load() : Promise.reject(new Error(`no catalogue ${lng}/${ns}`));
      }),
    );
  }
  await i18n.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    // English messages are their own keys: only another language needs the catalogue.
    ns: ["common", ...(language === DEFAULT_LANGUAGE ? [] : ["messages"]), ...namespaces],
    defaultNS: "common",
    // The exact code: "fr-CA" has no "fr" catalogue to look for.
    load: "currentOnly",
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
    ...(import.meta.env.SSR
      ? { resources: (await import("../../shared/i18n/catalogues.ts")).CATALOGUES }
      : {}),
  });
  markDocument(language);
  return i18n;
}

function markDocument(language: Language) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = LOCALE_TAG[language];
}

/** The language on screen. */
export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

/**
 * Shows the product in `language` and remembers it in a cookie for visits before sign-in (the
 * server reads it for pre-rendered pages). Saving it on the profile is the caller's part
 * (`saving`, which a pre-rendered page waits for before it loads itself again: site/i18n.ts).
 */
export async function switchLanguage(
  language: Language,
  _saving?: Promise<unknown>,
): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  markDocument(language);
  if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
  if (language !== DEFAULT_LANGUAGE) await i18n.loadNamespaces("messages");
}

/**
 * An English message from the server or a shared schema, in the current language. The
 * `messages` catalogue is keyed by the English text (the spec's words); a message without an
 * entry stays as written.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, {
    ns: "messages",
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}
