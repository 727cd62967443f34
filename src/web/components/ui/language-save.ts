import type { QueryClient } from "@tanstack/react-query";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { TLanguageUpdate } from "../../../shared/schemas/language.ts";
import { apiRequest } from "../../lib/api.ts";
import { authClient } from "../../lib/auth-client.ts";
import { meQueryKey } from "../../lib/session.ts";

/**
 * Saves a language chosen in the switcher on the signed-in user's profile, so that mails follow
 * it; signed out, the cookie alone keeps it. Loaded when a language is chosen: the public pages
 * show the switcher without shipping the auth client and zod in their first load.
 */
export async function saveLanguageChoice(language: Language, queryClient: QueryClient) {
  const session = await authClient.getSession();
  if (!session.data?.user) return;
  await apiRequest<void>("/api/profile/language", {
    method: "PUT",
    body: { language } satisfies TLanguageUpdate,
  });
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}
