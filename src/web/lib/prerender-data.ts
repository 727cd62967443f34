import type { Catalogue } from "../../shared/i18n/catalogues.ts";
import type { Language } from "../../shared/i18n/languages.ts";

/** Id of the JSON block a pre-rendered page carries (not run as script, so CSP allows it). */
export const PRERENDER_DATA_ID = "prerender-data";

/** What a page pre-rendered at build carries to hydrate to the same result (site-main.tsx). */
export interface PrerenderData {
  /** The query cache entries it was rendered with, as [key, data] pairs. */
  queries: [readonly unknown[], unknown][];
  language: Language;
  /** The catalogues (namespace → messages) the page's words come from. */
  catalogues: Record<string, Catalogue>;
}
