/**
 * Every catalogue, for the server (mails, case file, calendar, API messages), the build's
 * pre-rendering and tests. The browser loads them one language and namespace at a time
 * instead (web/lib/i18n.ts). One JSON file per namespace and language (decision 024).
 */
import { LANGUAGES, type Language } from "./languages.ts";

/**
 * The namespaces: one per feature, plus common (shell, shared parts), messages (API and form
 * messages keyed by their English text) and holidays (the server's names for public holidays
 * the holiday library has no name for in a language, keyed by a slug of its English name).
 */
export const NAMESPACES = [
  "common",
  "messages",
  "marketing",
  "grievances",
  "organizations",
  "directory",
  "auth",
  "profile",
  "billing",
  "dashboard",
  "deadlines",
  "announcements",
  "documents",
  "reports",
  "employer",
  "mail",
  "casefile",
  "calendar",
  "holidays",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalogue = { [key: string]: string | Catalogue };

/** One catalogue, from locales/<language>/<namespace>.json (bundlers include every match). */
const load = async (language: Language, ns: Namespace): Promise<Catalogue> =>
  (await import(`./locales/${language}/${ns}.json`, { with: { type: "json" } })).default;

/**
 * Every language of the list (languages.ts) with every namespace: a new language is its
 * folder of catalogues and its entry in the list, nothing here (decision 037).
 */
export const CATALOGUES = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(
      async (language) =>
        [
          language,
          Object.fromEntries(
            await Promise.all(NAMESPACES.map(async (ns) => [ns, await load(language, ns)])),
          ),
        ] as const,
    ),
  ),
) as Record<Language, Record<Namespace, Catalogue>>;
