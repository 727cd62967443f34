/**
 * The product's languages (issue 22, decision 024; issue 31, decision 037): English and Spanish
 * as spoken in the United States, French as spoken in Canada. One list for the server, the
 * browser and the build: a language's catalogues live in locales/<its code>/, and nothing else
 * names a language (decision 037).
 */
export const LANGUAGES = ["en", "es", "fr-CA"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The BCP 47 tag for `Intl` and `<html lang>`: US English, US Spanish, Canadian French. */
export const LOCALE_TAG: Record<Language, string> = { en: "en-US", es: "es-US", "fr-CA": "fr-CA" };

/** The language's own name, for the switcher (never translated). */
export const LANGUAGE_NAME: Record<Language, string> = {
  en: "English",
  es: "Español",
  "fr-CA": "Français",
};

/** Cookie remembering a choice made before sign-in (the profile wins after it). */
export const LANGUAGE_COOKIE = "uh_lang";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/**
 * The offered language for a BCP 47 tag: the exact code first ('fr-CA'), else the offered
 * language with the same base ('es-MX' and 'ES' are Spanish; 'fr', 'fr-FR' and 'fr_BE' are
 * Canadian French, our only French). Anything we do not offer is null.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  const wanted = tag?.trim().replace(/_/g, "-").toLowerCase();
  if (!wanted) return null;
  const exact = LANGUAGES.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split("-")[0];
  return LANGUAGES.find((language) => language.toLowerCase().split("-")[0] === base) ?? null;
}

/**
 * The first offered language in an Accept-Language header (by q, then order) or a list such as
 * `navigator.languages`; English when none is offered.
 */
export function pickLanguage(accepted: string | readonly string[] | null | undefined): Language {
  const entries =
    typeof accepted === "string"
      ? accepted
          .split(",")
          .map((part, index) => {
            const [tag, ...params] = part.trim().split(";");
            const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
            const weight = q ? Number(q.slice(2)) : 1;
            return { tag: tag ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
          })
          .filter((e) => e.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.index - b.index)
          .map((e) => e.tag)
      : (accepted ?? []);
  for (const tag of entries) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The language cookie's value in a Cookie header, when it names an offered language. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}
