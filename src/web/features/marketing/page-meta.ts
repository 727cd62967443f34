import { useTranslation } from "react-i18next";
import { translatedPageMeta } from "../../../shared/public-pages.ts";
import { usePageMeta } from "../../lib/page-title.ts";

/**
 * A public page's title and description in the language on screen (issue 22): the same words
 * the server writes into the page's HTML (shared/public-pages.ts, marketing catalogue meta.*).
 */
export function usePublicPageMeta(pagePath: string) {
  const { t } = useTranslation("marketing");
  usePageMeta(translatedPageMeta((key, options) => t(key, options), pagePath));
}
