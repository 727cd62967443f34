import { AuthMessages } from "../../shared/schemas/auth.ts";
import { translateMessage } from "./i18n.ts";

interface AuthError {
  code?: string;
  message?: string;
  status?: number;
}

/** Maps better-auth's error codes to the spec's error catalogue; other messages pass through. */
function englishAuthError(error: AuthError, fallback: string): string {
  if (error.status === 429) return AuthMessages.tooManyRequests;
  switch (error.code) {
    case "EMAIL_NOT_VERIFIED":
      return AuthMessages.unverified;
    case "INVALID_EMAIL_OR_PASSWORD":
      return AuthMessages.invalidCredentials;
    case "INVALID_EMAIL":
      return AuthMessages.invalidEmail;
    case "PASSWORD_TOO_SHORT":
      return AuthMessages.passwordMin;
    case "PASSWORD_TOO_LONG":
      return AuthMessages.passwordMax;
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return fallback;
    default:
      return error.message || fallback;
  }
}

/**
 * The message to show for a failed better-auth call, in the reader's language (issue 22): the
 * spec's English texts and the server's messages go through the `messages` catalogue; a
 * fallback already translated by the caller passes through unchanged.
 */
export function authErrorMessage(error: AuthError | null | undefined, fallback: string): string {
  return translateMessage(error ? englishAuthError(error, fallback) : fallback);
}

/** A form field's validation message (a shared schema's English text) in the reader's language. */
export const fieldMessage = (message: string | undefined): string | undefined =>
  message ? translateMessage(message) : undefined;
