import { useQueryClient } from "@tanstack/react-query";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  isLanguage,
  LANGUAGE_NAME,
  LANGUAGES,
  type Language,
} from "../../../shared/i18n/languages.ts";
import { currentLanguage, switchLanguage } from "../../lib/i18n.ts";
import { cn } from "./cn.ts";

/**
 * English / Español (issue 22): in the public header and footer and on the profile. Signed in,
 * the choice is saved on the profile, so mails follow it; before sign-in a cookie keeps it.
 * The saving loads on demand (language-save.ts): the public pages' first load stays small.
 */
export function LanguageSwitcher({
  className,
  id,
  compact = false,
}: {
  className?: string;
  id?: string;
  /** Narrow headers: the icon shows from 640 px only. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  async function choose(language: Language) {
    const saving = import("./language-save.ts").then(({ saveLanguageChoice }) =>
      saveLanguageChoice(language, queryClient),
    );
    await switchLanguage(language, saving);
    await saving;
  }
  return (
    <label className={cn("inline-flex items-center gap-1.5 text-sm", className)}>
      <Languages
        aria-hidden="true"
        className={cn("size-4 text-muted-foreground", compact && "hidden sm:block")}
      />
      <span className="sr-only">{t("language.label")}</span>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className="rounded-md border border-input bg-background px-2 py-1 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAME[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
