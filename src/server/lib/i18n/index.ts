import i18next, { type TFunction } from "i18next";
import {
  CATALOGUES,
  type Catalogue,
  NAMESPACES,
  type Namespace,
} from "../../../shared/i18n/catalogues.ts";
import {
  type DefaultListName,
  listEntryLabel,
  stepLabel,
  storedStepName,
} from "../../../shared/i18n/default-labels.ts";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  LOCALE_TAG,
  languageFromCookie,
  pickLanguage,
} from "../../../shared/i18n/languages.ts";
import { type LineContext, renderLine } from "../../../shared/i18n/render-line.ts";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import { holidayName } from "../procedure/holidays.ts";

/**
 * The server's translations (issue 22, decision 024): the same catalogues as the browser, loaded
 * once and synchronously. Mails, the case file, the calendar feed and API messages take a
 * `Language` and translate with `translator(language)`.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: CATALOGUES,
  supportedLngs: [...LANGUAGES],
  load: "currentOnly", // the exact code: "fr-CA" has no "fr" catalogue
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

const plurals = new Map<Language, Intl.PluralRules>();
const pluralOf = (language: Language, count: number) => {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_TAG[language]);
    plurals.set(language, rules);
  }
  return rules.select(count);
};

function entry(language: Language, namespace: Namespace, key: string): string | undefined {
  let node: Catalogue | string | undefined = CATALOGUES[language][namespace];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/**
 * A catalogue entry with its `{{values}}`, as i18next writes it (plural forms by `count`
 * through Intl.PluralRules, English where a language lacks the key), for the lines the server
 * renders by the dozen on each read: i18next's `t` costs about 100 µs a call on this machine,
 * this one a few. The same catalogues; tests hold the two to the same output
 * (tests/api/text-as-data.test.ts compares the API's English with i18next's).
 */
export function catalogueText(language: Language, namespace: Namespace) {
  const find = (lng: Language, key: string, count: unknown) =>
    (typeof count === "number"
      ? (entry(lng, namespace, `${key}_${pluralOf(lng, count)}`) ??
        entry(lng, namespace, `${key}_other`))
      : undefined) ?? entry(lng, namespace, key);
  return (key: string, options: Record<string, unknown> = {}): string => {
    const template =
      find(language, key, options.count) ?? find(DEFAULT_LANGUAGE, key, options.count);
    if (template === undefined) return key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ""));
  };
}

/**
 * The context that renders stored lines (shared/i18n/render-line.ts) for a reader of
 * `language`: the `grievances` catalogue, and public holidays named by the holiday library in
 * that language (issue 31).
 */
export function lineContext(language: Language): LineContext {
  return {
    language,
    t: catalogueText(language, "grievances"),
    holidayName: (day, region) => holidayName(region, day, language),
  };
}

/** A stored line (an activity entry, an explanation's line) as `language` reads it. */
export function lineTextIn(language: Language): (l: TextLine) => string {
  const c = lineContext(language);
  return (l) => renderLine(l, c);
}

/** A line with a public holiday's name added in every language, for the browser (no library). */
function withHolidayNames(l: TextLine): TextLine {
  if (l.kind !== "line.skipped" || l.params.reason.type !== "holiday") return l;
  const { region, contract } = l.params.reason;
  // A contract holiday is named by the local (data); only the region's have library names.
  if (!region || contract) return l;
  const day = l.params.day;
  const names = Object.fromEntries(
    LANGUAGES.flatMap((language) => {
      const name = holidayName(region, day, language);
      return name === null ? [] : [[language, name]];
    }),
  );
  return { ...l, params: { ...l.params, reason: { ...l.params.reason, names } } } as TextLine;
}

const english = lineTextIn(DEFAULT_LANGUAGE);

/**
 * Stored lines as the API sends them: the lines for the browser to render in its reader's
 * language (holidays named in each), and their English, which API clients and tests read.
 */
export function apiLines(lines: readonly TextLine[]): { lines: TextLine[]; explanation: string[] } {
  return { lines: lines.map(withHolidayNames), explanation: lines.map(english) };
}

/** One stored line's English (the API's `action`, a log entry's words). */
export const englishLine = (l: TextLine): string => english(l);

/**
 * The product's defaults (a default step name, a default list entry) in `language`; anything
 * the local typed as typed (decision 039). For the server's readers: the case file, the CSVs,
 * mails, the calendar feed, the employer's page.
 */
export function defaultsIn(language: Language) {
  const t = catalogueText(language, "grievances");
  return {
    step: (name: string) => stepLabel(name, t),
    entry: (list: DefaultListName, entry: string) => listEntryLabel(list, entry, t),
  };
}

const everyLanguage = LANGUAGES.map((language) => catalogueText(language, "grievances"));
/** A step name an admin saved, with a default's words in any language stored as the default. */
export const storedStepNameOf = (name: string) => storedStepName(name, everyLanguage);
