/**
 * Stands in for react-i18next in the public site's build (vite.site.config.ts): the hooks and
 * <Trans> the public pages use, over site/i18n.ts. The page's language is fixed (changing it
 * loads the page again); a component re-renders once when the forms' `messages` catalogue
 * arrives, so a message shown before it is translated then.
 */
import {
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useSyncExternalStore,
} from "react";
import { catalogueVersion, i18n, onCataloguesChange, type TOptions, translate } from "./i18n.ts";

type T = (key: string, options?: TOptions) => string;

export function useTranslation(ns = "common"): { t: T; i18n: typeof i18n } {
  useSyncExternalStore(onCataloguesChange, catalogueVersion, catalogueVersion);
  return { t: (key, options) => translate(key, options, ns), i18n };
}

/** `<tag>text</tag>` in a message becomes `components[tag]` holding the text (no other markup). */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: T;
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const text = (t ?? i18n.t)(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1] ?? ""];
    parts.push(
      isValidElement(element) ? cloneElement(element, { key: match.index }, match[2]) : match[2],
    );
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

/** i18next's plugin hook-up, unused here (the site has no i18next instance). */
export const initReactI18next = { type: "3rdParty", init: () => {} };
