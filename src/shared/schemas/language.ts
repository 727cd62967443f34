import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.ts";

/** An offered language (issue 22, decision 037): one of the list in languages.ts. */
export const ZLanguage = z.enum(LANGUAGES, { message: "Choose one of the offered languages." });

/** PUT /api/profile/language */
export const ZLanguageUpdate = z.object({ language: ZLanguage });
export type TLanguageUpdate = z.infer<typeof ZLanguageUpdate>;
