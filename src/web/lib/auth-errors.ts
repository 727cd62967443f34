import { AuthMessages } from "../../shared/schemas/auth.ts";

interface AuthError {
  code?: string;
  message?: string;
  status?: number;
}

/** Maps better-auth's error codes to the spec's error catalogue; other messages pass through. */
export function authErrorMessage(error: AuthError | null | undefined, fallback: string): string {
  if (!error) return fallback;
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
