import { dictionary } from "@zxcvbn-ts/language-common";
import { AuthMessages, ZNewPassword } from "../../../shared/schemas/auth.ts";

// ~49,000 most common passwords (lower-case), loaded once.
const common = new Set<string>(dictionary["passwords-common"] as string[]);

/** product-decisions.md 5. Answers the first broken rule's message, or null when the password is fine. */
export function passwordProblem(password: unknown): string | null {
  const parsed = ZNewPassword.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? AuthMessages.passwordMin;
  if (common.has(parsed.data.toLowerCase())) return AuthMessages.passwordCommon;
  return null;
}
