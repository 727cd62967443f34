/**
 * The product's languages (issue 22, decision 024): English and Spanish as spoken in the United
 * States. One list for the server, the browser and the build.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The BCP 47 tag for `Intl` and `<html lang>`: US English, US Spanish. */
export const LOCALE_TAG: Record<Language, string> = { en: "en-US", es: "es-US" };

/** The language's own name, for the switcher (never translated). */
export const LANGUAGE_NAME: Record<Language, string> = { en: "English", es: "Español" };

/** Cookie remembering a choice made before sign-in (the profile wins after it). */
export const LANGUAGE_COOKIE = "uh_lang";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** 'es-MX' and 'ES' are Spanish; anything we do not offer is null. */
export function languageOf(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
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
