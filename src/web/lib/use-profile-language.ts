import { useEffect } from "react";
import type { TMe } from "../../shared/schemas/auth.ts";
import { switchLanguage } from "./i18n.ts";

/**
 * Signed in, the profile's language wins (issue 22): a member who chose Spanish on another
 * device, or at sign-up, reads Spanish here too.
 */
export function useProfileLanguage(me: TMe | undefined): void {
  const language = me?.user.language;
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);
}
