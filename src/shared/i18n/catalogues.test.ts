import { describe, expect, it } from "vitest";
import { CATALOGUES, type Catalogue, NAMESPACES } from "./catalogues.ts";
import { LANGUAGES } from "./languages.ts";

/** Every key of a catalogue as 'a.b.c', with its text. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Plural forms differ by language (Spanish has 'many'): compare the word, not the form. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe("catalogues (issue 22: a key missing in one language fails)", () => {
  for (const ns of NAMESPACES) {
    it(`${ns}: the same keys and variables in every language, none empty`, () => {
      const [first, ...others] = LANGUAGES.map((lng) => flatten(CATALOGUES[lng][ns]));
      const reference = first ?? new Map<string, string>();
      const words = new Map([...reference].map(([k, v]) => [base(k), v]));
      for (const [index, other] of others.entries()) {
        const language = LANGUAGES[index + 1];
        const otherWords = new Map([...other].map(([k, v]) => [base(k), v]));
        const missing = [...words.keys()].filter((k) => !otherWords.has(k));
        const extra = [...otherWords.keys()].filter((k) => !words.has(k));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
        for (const [key, text] of words) {
          expect({ key, language, vars: variables(otherWords.get(key) ?? "") }).toEqual({
            key,
            language,
            vars: variables(text),
          });
        }
      }
      for (const [lng, catalogue] of LANGUAGES.map(
        (l) => [l, flatten(CATALOGUES[l][ns])] as const,
      )) {
        const empty = [...catalogue].filter(([, v]) => v.trim() === "").map(([k]) => k);
        expect({ lng, empty }).toEqual({ lng, empty: [] });
        // Every plural word has its 'other' form, the one i18next falls back to.
        const plurals = [...catalogue.keys()].filter((k) => PLURAL.test(k)).map(base);
        const withOther = plurals.filter((k) => !catalogue.has(`${k}_other`));
        expect({ lng, withoutOther: withOther }).toEqual({ lng, withoutOther: [] });
      }
    });
  }

  it("the messages catalogue is keyed by its English text", () => {
    for (const [key, text] of Object.entries(CATALOGUES.en.messages)) expect(text).toBe(key);
  });

  it("the check fails on a key missing in Spanish (positive control)", () => {
    const en = flatten({ a: { b: "B", c_one: "x", c_other: "y" } });
    const es = flatten({ a: { c_one: "x", c_many: "z", c_other: "y" } });
    const missing = [...en.keys()].map(base).filter((k) => ![...es.keys()].map(base).includes(k));
    expect(missing).toEqual(["a.b"]);
  });
});
