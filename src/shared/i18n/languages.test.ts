import { describe, expect, it } from "vitest";
import { ZLanguage } from "../schemas/language.ts";
import { ZRosterFields } from "../schemas/roster.ts";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_NAME,
  LANGUAGES,
  LOCALE_TAG,
  languageFromCookie,
  languageOf,
  pickLanguage,
} from "./languages.ts";

describe("picking the language (issue 22; issue 31: French (Canada))", () => {
  it.each([
    ["fr", "fr-CA"],
    ["fr-CA", "fr-CA"],
    ["fr-ca", "fr-CA"],
    ["FR_ca", "fr-CA"],
    ["fr-FR", "fr-CA"],
    ["fr-BE", "fr-CA"],
    [" fr-CH ", "fr-CA"],
    ["es", "es"],
    ["es-MX", "es"],
    ["ES", "es"],
    ["en-GB", "en"],
    ["en", "en"],
    ["de-DE", null],
    ["frr", null],
    ["f", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("languageOf(%j) is %j", (tag, expected) => {
    expect(languageOf(tag)).toBe(expected);
  });

  it.each([
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr-CA"],
    ["fr-FR,fr;q=0.9", "fr-CA"],
    ["de-DE,fr;q=0.7,en;q=0.5", "fr-CA"],
    ["en;q=0.5,fr;q=0.9", "fr-CA"],
    ["fr;q=0,es;q=0.4", "es"],
    ["es-MX,fr-CA;q=0.9", "es"],
    ["de,it", "en"],
    ["", "en"],
  ])("Accept-Language %j picks %j", (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it("a browser's navigator.languages list picks the first offered", () => {
    expect(pickLanguage(["de-AT", "fr-FR", "en-US"])).toBe("fr-CA");
    expect(pickLanguage([])).toBe("en");
  });

  it("the cookie takes only an offered code, 'fr-CA' included", () => {
    expect(languageFromCookie(`a=1; ${LANGUAGE_COOKIE}=fr-CA; b=2`)).toBe("fr-CA");
    expect(languageFromCookie(`${LANGUAGE_COOKIE}=fr`)).toBeNull();
    expect(languageFromCookie(`${LANGUAGE_COOKIE}=de`)).toBeNull();
    expect(languageFromCookie(undefined)).toBeNull();
  });

  it("every language of the list has its tag and its own name, and the schemas take it", () => {
    for (const language of LANGUAGES) {
      expect(isLanguage(language)).toBe(true);
      expect(Intl.getCanonicalLocales(LOCALE_TAG[language])).toHaveLength(1);
      expect(LANGUAGE_NAME[language].length).toBeGreaterThan(0);
      expect(ZLanguage.safeParse(language).success).toBe(true);
      expect(languageOf(LOCALE_TAG[language])).toBe(language);
    }
    expect(LOCALE_TAG["fr-CA"]).toBe("fr-CA");
    expect(ZLanguage.safeParse("fr").success).toBe(false);
  });

  it("a roster person's language accepts any tag of an offered language and refuses others", () => {
    const parse = (language: string) => ZRosterFields.safeParse({ name: "Luc Tremblay", language });
    expect(parse("fr").data?.language).toBe("fr-CA");
    expect(parse("FR-ca").data?.language).toBe("fr-CA");
    expect(parse("es-MX").data?.language).toBe("es");
    expect(parse("").data?.language).toBeNull();
    expect(parse("de").success).toBe(false);
  });
});
