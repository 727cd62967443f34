import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";

/** An offered language (issue 22): 'en' or 'es'. */
export const ZLanguage = z.enum(LANGUAGES, { message: "Choose English or Spanish." });

/** PUT /api/profile/language */
export const ZLanguageUpdate = z.object({ language: ZLanguage });
export type TLanguageUpdate = z.infer<typeof ZLanguageUpdate>;
