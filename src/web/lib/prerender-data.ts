/** Id of the JSON block a pre-rendered page carries (not run as script, so CSP allows it). */
export const PRERENDER_DATA_ID = "prerender-data";

/** The query cache entries a page was rendered with at build, as [key, data] pairs. */
export interface PrerenderData {
  queries: [readonly unknown[], unknown][];
}
