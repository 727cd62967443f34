import type { Page } from "@playwright/test";
import { englishOnScreenIn, inLanguage } from "./language-support.ts";

/** The Spanish of an English catalogue text, for locators (language-support.ts). */
export const es = (englishText: string, namespace?: string): string =>
  inLanguage("es", englishText, namespace);

/** What on a page shown in Spanish reads as English (language-support.ts). */
export const englishOnScreen = (page: Page, data: string[] = []): Promise<string[]> =>
  englishOnScreenIn("es", page, data);
