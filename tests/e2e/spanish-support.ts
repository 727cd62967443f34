import type { Page } from "@playwright/test";
import { CATALOGUES, type Catalogue, NAMESPACES } from "../../src/shared/i18n/catalogues.ts";

/**
 * Finds English on a page shown in Spanish (issue 22). Two nets:
 *  - words that exist in English and not in Spanish ("the", "your", "grievance", "sign"...),
 *    read from the visible text word by word;
 *  - every sentence of the English catalogues whose Spanish differs: a forgotten t() or a
 *    page left in English shows one of them verbatim.
 * Data the test typed (names, the local, the grievance's text) and brand names are left out.
 */
const ENGLISH_ONLY = new Set(
  `the and your you with for this that are is to of or on in at by from have not all new
  sign save cancel submit open view back next search loading settings dashboard grievance
  grievances steward stewards member members filed due step steps please enter choose select
  password welcome home pricing plans contact security features start free trial month months
  year days today create account log help more options profile documents announcements reports
  deadlines directory organization comment post close edit delete add remove invite join code
  pending resolved update about how what when who why where get started learn read our we it
  be can will an if yes any been was were which there their they them his her its my do
  does did done than then also only just about after before each other some such into over
  under between without within out up down off again here now still yet already own same
  billing invoice invoices payment none required optional details description remedy outcome
  attachments activity files file upload download export`
    .split(/\s+/)
    .filter(Boolean),
);

function flatten(catalogue: Catalogue, prefix = "", out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const english = new Map(NAMESPACES.map((ns) => [ns, flatten(CATALOGUES.en[ns])]));
const spanish = new Map(NAMESPACES.map((ns) => [ns, flatten(CATALOGUES.es[ns])]));

/** English catalogue sentences (their longest fixed part) that Spanish writes differently. */
const SENTENCES = [
  ...new Set(
    NAMESPACES.flatMap((ns) =>
      [...(english.get(ns) ?? [])].flatMap(([key, text]) => {
        if (spanish.get(ns)?.get(key) === text) return [];
        const part = text
          .split(/\{\{[^}]*\}\}|<[^>]*>/)
          .map((p) => p.trim())
          .sort((a, b) => b.length - a.length)[0];
        return part && part.length >= 14 && part.includes(" ") ? [part] : [];
      }),
    ),
  ),
];

/** The Spanish of an English catalogue text (the first key that holds it), for locators. */
export function es(englishText: string, namespace?: string): string {
  for (const ns of namespace ? [namespace] : NAMESPACES) {
    for (const [key, text] of english.get(ns as (typeof NAMESPACES)[number]) ?? []) {
      if (text !== englishText) continue;
      const found = spanish.get(ns as (typeof NAMESPACES)[number])?.get(key);
      if (found) return found;
    }
  }
  throw new Error(`No Spanish for "${englishText}"`);
}

/** What on the page reads as English: words and catalogue sentences, data taken out. */
export async function englishOnScreen(page: Page, data: string[] = []): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not hidden nodes' text
  let text = await page.evaluate(() => document.body.innerText);
  for (const d of [...data, "UnionHall", "English", "Stripe"].sort((a, b) => b.length - a.length))
    text = text.split(d).join(" ");
  const words = new Set(
    (text.match(/[\p{L}']+/gu) ?? [])
      .map((w) => w.toLowerCase())
      .filter((w) => ENGLISH_ONLY.has(w)),
  );
  const sentences = SENTENCES.filter((s) => text.includes(s));
  return [...[...words].map((w) => `word: ${w}`), ...sentences.map((s) => `text: ${s}`)];
}
