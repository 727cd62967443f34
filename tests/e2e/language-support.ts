import type { Page } from "@playwright/test";
import { CATALOGUES, type Catalogue, NAMESPACES } from "../../src/shared/i18n/catalogues.ts";
import type { Language } from "../../src/shared/i18n/languages.ts";

/**
 * Finds English on a page shown in another language (issue 22 for Spanish, issue 31 for
 * French). Two nets:
 *  - words that exist in English and not in the page's language ("the", "your", "grievance",
 *    "sign"...), read from the visible text word by word; a word the language's own catalogues
 *    use ('documents', 'code', 'options' in French) is not a sign of English there;
 *  - every sentence of the English catalogues that the language writes differently: a forgotten
 *    t() or a page left in English shows one of them verbatim.
 * Data the test typed (names, the local, the grievance's text) and brand names are left out.
 */
const ENGLISH_WORDS = `the and your you with for this that are is to of or on in at by from have
  not all new sign save cancel submit open view back next search loading settings dashboard
  grievance grievances steward stewards member members filed due step steps please enter choose
  select password welcome home pricing plans contact security features start free trial month
  months year days today create account log help more options profile documents announcements
  reports deadlines directory organization comment post close edit delete add remove invite join
  code pending resolved update about how what when who why where get started learn read our we it
  be can will an if yes any been was were which there their they them his her its my do does did
  done than then also only just about after before each other some such into over under between
  without within out up down off again here now still yet already own same billing invoice
  invoices payment none required optional details description remedy outcome attachments activity
  files file upload download export employer holiday holidays thanksgiving veterans substitute
  memorial columbus`
  .split(/\s+/)
  .filter(Boolean);

function flatten(catalogue: Catalogue, prefix = "", out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const catalogueOf = (language: Language) =>
  new Map(NAMESPACES.map((ns) => [ns, flatten(CATALOGUES[language][ns])]));
const english = catalogueOf("en");

/** The words and sentences that betray English on a page in `language`. */
function detectorFor(language: Language) {
  const own = catalogueOf(language);
  // The messages catalogue quotes the API's own English values ('month', 'step'): left out.
  const ownTexts = [...own]
    .filter(([ns]) => ns !== "messages")
    .flatMap(([, texts]) => [...texts.values()]);
  const ownWords = new Set(
    ownTexts.flatMap((text) =>
      (text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, " ").match(/[\p{L}']+/gu) ?? []).map((w) =>
        w.toLowerCase(),
      ),
    ),
  );
  const words = new Set(ENGLISH_WORDS.filter((w) => !ownWords.has(w)));
  const sentences = [
    ...new Set(
      NAMESPACES.flatMap((ns) =>
        [...(english.get(ns) ?? [])].flatMap(([key, text]) => {
          if (own.get(ns)?.get(key) === text) return [];
          const part = text
            .split(/\{\{[^}]*\}\}|<[^>]*>/)
            .map((p) => p.trim())
            .sort((a, b) => b.length - a.length)[0];
          return part && part.length >= 14 && part.includes(" ") ? [part] : [];
        }),
      ),
    ),
  ];
  return { own, words, sentences };
}

const detectors = new Map<Language, ReturnType<typeof detectorFor>>();
const detector = (language: Language) => {
  let found = detectors.get(language);
  if (!found) {
    found = detectorFor(language);
    detectors.set(language, found);
  }
  return found;
};

/** The `language` text of an English catalogue text (the first key that holds it), for locators. */
export function inLanguage(language: Language, englishText: string, namespace?: string): string {
  const { own } = detector(language);
  for (const ns of namespace ? [namespace] : NAMESPACES) {
    for (const [key, text] of english.get(ns as (typeof NAMESPACES)[number]) ?? []) {
      if (text !== englishText) continue;
      const found = own.get(ns as (typeof NAMESPACES)[number])?.get(key);
      if (found) return found;
    }
  }
  throw new Error(`No ${language} for "${englishText}"`);
}

/** What on a page in `language` reads as English: words and catalogue sentences, data taken out. */
export async function englishOnScreenIn(
  language: Language,
  page: Page,
  data: string[] = [],
): Promise<string[]> {
  const { words, sentences } = detector(language);
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not hidden nodes' text
  let text = await page.evaluate(() => document.body.innerText);
  for (const d of [...data, "UnionHall", "English", "Stripe"].sort((a, b) => b.length - a.length))
    text = text.split(d).join(" ");
  const found = new Set(
    (text.match(/[\p{L}']+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => words.has(w)),
  );
  const left = sentences.filter((s) => text.includes(s));
  return [...[...found].map((w) => `word: ${w}`), ...left.map((s) => `text: ${s}`)];
}
