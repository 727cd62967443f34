import i18next from "i18next";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOGUES, type Catalogue } from "../../shared/i18n/catalogues.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../shared/i18n/languages.ts";
import { setCatalogues, translate, translateMessage } from "./i18n.ts";

/**
 * The public site's stand-in for i18next (site/i18n.ts) says every word of the public pages'
 * catalogues exactly as i18next does, in every language: each key, with its values filled, at
 * the plural counts each language has. Written against i18next itself, configured as the
 * portal configures it (lib/i18n.ts), so a catalogue reaching for a feature the stand-in lacks
 * fails here instead of showing a raw key on the landing page.
 */
const PAGE_NAMESPACES = ["common", "marketing"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(catalogue: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : keysOf(value, `${prefix}${key}.`),
  );
}

/** A value for each {{name}} the text asks for, so that a missed one shows. */
const valuesFor = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}/g)].map((m) => [m[1], `<${m[1]}>`]),
  );

afterAll(() => setCatalogues(DEFAULT_LANGUAGE, {}));

describe.each(LANGUAGES)("the public pages' words in %s", (language) => {
  it("are what i18next says for every key, value and plural count", async () => {
    const real = i18next.createInstance();
    await real.init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      defaultNS: "common",
      load: "currentOnly", // as web/lib/i18n.ts: the exact code ("fr-CA")
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: CATALOGUES,
    });
    setCatalogues(language, CATALOGUES[language]);
    let compared = 0;
    for (const ns of PAGE_NAMESPACES) {
      for (const [key, text] of keysOf(CATALOGUES[language][ns])) {
        const values = valuesFor(text);
        const plural = key.match(PLURAL);
        const base = plural ? key.slice(0, -plural[0].length) : key;
        const attempts = plural
          ? [0, 1, 2, 5, 21, 1_000_000].map((count) => ({ ...values, count }))
          : [values];
        for (const options of attempts) {
          expect(translate(base, options, ns), `${language} ${ns}:${base}`).toBe(
            real.t(`${ns}:${base}`, options),
          );
          compared++;
        }
      }
    }
    // The server's English messages the forms show, by their text.
    for (const [message] of keysOf(CATALOGUES[language].messages)) {
      expect(translateMessage(message)).toBe(
        real.t(message, {
          ns: "messages",
          keySeparator: false,
          nsSeparator: false,
          defaultValue: message,
        }),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });
});
