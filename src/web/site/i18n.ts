/**
 * The pre-rendered public pages' translations (issue 15): stands in for lib/i18n.ts in the
 * public site's build (vite.site.config.ts), so that i18next (about 15 kB) is not part of the
 * landing page's first load. The page's catalogues arrive in its HTML as JSON
 * (scripts/build/prerender.ts); the build's pre-rendering reads them all. It does what the
 * catalogues ask of i18next: 'ns:key', nested keys, {{values}}, plurals by `count` and `context`.
 */
import type { Catalogue } from "../../shared/i18n/catalogues.ts";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  LOCALE_TAG,
  languageOf,
} from "../../shared/i18n/languages.ts";

export type Catalogues = Record<string, Catalogue>;

export interface TOptions {
  [value: string]: unknown;
  ns?: string;
  count?: number;
  context?: string;
  defaultValue?: string;
  keySeparator?: false;
  nsSeparator?: false;
}

let language: Language = DEFAULT_LANGUAGE;
let catalogues: Catalogues = {};
let plurals: Intl.PluralRules | undefined;

/** Sets the page's language and its catalogues (the entry from the page's JSON, the build from all). */
export function setCatalogues(lang: Language, loaded: Catalogues) {
  language = lang;
  catalogues = loaded;
  plurals = undefined;
}

function lookup(ns: string, key: string, keySeparator: boolean): string | undefined {
  let node: Catalogue | string | undefined = catalogues[ns];
  for (const part of keySeparator ? key.split(".") : [key]) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(fullKey: string, options: TOptions = {}, defaultNs = "common"): string {
  let ns = options.ns ?? defaultNs;
  let key = fullKey;
  const colon = options.nsSeparator === false ? -1 : fullKey.indexOf(":");
  if (colon > 0) {
    ns = fullKey.slice(0, colon);
    key = fullKey.slice(colon + 1);
  }
  const keySeparator = options.keySeparator !== false;
  // i18next's order: key_context_plural, key_context, key_plural, key.
  const bases = options.context ? [`${key}_${options.context}`, key] : [key];
  let text: string | undefined;
  for (const base of bases) {
    if (typeof options.count === "number") {
      plurals ??= new Intl.PluralRules(LOCALE_TAG[language]);
      text = lookup(ns, `${base}_${plurals.select(options.count)}`, keySeparator);
      if (text === undefined && options.count === 0)
        text = lookup(ns, `${base}_zero`, keySeparator);
    }
    text ??= lookup(ns, base, keySeparator);
    if (text !== undefined) break;
  }
  text ??= options.defaultValue ?? key;
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined ? match : String(value);
  });
}

/** The parts of i18next's instance the public pages read. */
export const i18n = {
  t: (key: string, options?: TOptions) => translate(key, options),
  get language() {
    return language;
  },
  get resolvedLanguage() {
    return language;
  },
};

/** The language of the page: the one it was rendered in. */
export function initialLanguage(): Language {
  if (typeof document === "undefined") return DEFAULT_LANGUAGE;
  return languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

export const currentLanguage = (): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);

/**
 * Remembers the choice in the cookie the server reads and, once `saving` (the profile's copy)
 * has settled, loads the page again: the server sends it pre-rendered in that language.
 */
export async function switchLanguage(next: Language, saving?: Promise<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  await saving?.catch(() => {});
  if (next !== language) window.location.reload();
}

const messageLoaders = import.meta.glob<Catalogue>("../../shared/i18n/locales/*/messages.json", {
  import: "default",
});

let loadingMessages: Promise<void> | undefined;
let version = 0;
const listeners = new Set<() => void>();

/** For useSyncExternalStore (site/react-i18next.tsx): a number that changes with the catalogues. */
export const catalogueVersion = () => version;
export function onCataloguesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads the `messages` catalogue (the server's English messages in another language), which
 * only the forms read: when a form is first used, not with the page (site-main.tsx). Fetched
 * with the page it cost 9 kB and put /home over its 100 kB budget in Spanish and French.
 */
export function loadMessages(): Promise<void> {
  if (language === DEFAULT_LANGUAGE || catalogues.messages) return Promise.resolve();
  const load = messageLoaders[`../../shared/i18n/locales/${language}/messages.json`];
  if (!load) return Promise.resolve();
  loadingMessages ??= load().then((messages) => {
    catalogues = { ...catalogues, messages };
    version += 1;
    for (const listener of listeners) listener();
  });
  return loadingMessages;
}

/** An English message from the server in the page's language (lib/i18n.ts). */
export function translateMessage(message: string): string {
  return translate(message, {
    ns: "messages",
    keySeparator: false,
    nsSeparator: false,
    defaultValue: message,
  });
}
