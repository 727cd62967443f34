import { z } from "zod";
import { PERMISSIONS, ROLES } from "../permissions.ts";
import { ZLanguage } from "./language.ts";

/** The spec's wording (portal spec, sections 5 and 8); one place for server and client. */
export const AuthMessages = {
  notUserWritable:
    "This can't be changed here: set your photo with the avatar upload; the account type is chosen at sign-up.",
  totpUsed: "This code was already used. Wait for the next code in your authenticator app.",
  invalidEmail: "Please enter a valid email address",
  signInPasswordMin: "Password must be at least 6 characters",
  nameMin: "Name must be at least 2 characters",
  nameMax: "Name must be at most 100 characters",
  passwordMin: "Password must be at least 8 characters",
  passwordUppercase: "Password must contain at least one uppercase letter",
  passwordDigit: "Password must contain at least one number",
  passwordMax: "Password must be at most 128 characters",
  passwordCommon: "This password is too common. Please choose a less common password.",
  passwordsMismatch: "Passwords don't match",
  unverified:
    "Please verify your email before logging in. Check your inbox for the verification link.",
  invalidCredentials: "Invalid email or password. Please check your credentials.",
  loginFailed: "Login failed. Please check your credentials and try again.",
  registrationFailed: "Registration failed. Please try again.",
  alreadyRegistered: "This email is already registered. Please login or reset your password.",
  verificationFailed: "Failed to verify your email. The link may be expired or invalid.",
  resetLinkInvalid:
    "The reset link is invalid or has expired. Please request a new password reset.",
  resetTokenMissing:
    "No reset token found. Please make sure you clicked the link from the password reset email.",
  resetFailed: "Failed to reset password. Please try again.",
  resetEmailFailed: "Failed to send reset email. Please try again.",
  resendFailed: "Failed to resend confirmation email. Please try again.",
  tooManyRequests: "Too many attempts. Please wait a minute and try again.",
} as const;

export const PASSWORD_MAX = 128;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AuthMessages.invalidEmail }));

/** product-decisions.md 5: the one rule for every new password (the common-list check runs on the server). */
export const ZNewPassword = z
  .string()
  .min(8, AuthMessages.passwordMin)
  .max(PASSWORD_MAX, AuthMessages.passwordMax)
  .regex(/[A-Z]/, AuthMessages.passwordUppercase)
  .regex(/[0-9]/, AuthMessages.passwordDigit);

export const AccountTypes = ["admin", "member"] as const;
export const ZAccountType = z.enum(AccountTypes);
export type TAccountType = z.infer<typeof ZAccountType>;

export const ZLoginForm = z.object({
  email: ZEmail,
  password: z
    .string()
    .min(6, AuthMessages.signInPasswordMin)
    .max(PASSWORD_MAX, AuthMessages.passwordMax),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZRegisterForm = z.object({
  accountType: ZAccountType,
  name: z.string().trim().min(2, AuthMessages.nameMin).max(100, AuthMessages.nameMax),
  email: ZEmail,
  password: ZNewPassword,
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZForgotPasswordForm = z.object({ email: ZEmail });
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AuthMessages.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** Shape of GET /api/me: who is signed in, where, and what they may do. */
export const ZMe = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    accountType: ZAccountType,
    image: z.string().nullable(),
    badgeNumber: z.string().nullable(),
    department: z.string().nullable(),
    facility: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    language: ZLanguage,
  }),
  organization: z
    .object({
      id: z.string(),
      name: z.string(),
      plan: z.string(),
      status: z.string(),
      setupCompleted: z.boolean(),
      requireTwoFactor: z.boolean(),
      /** Why the organization is read-only (canceled, lapsed, archived), or null (issue 14). */
      readOnly: z.string().nullable(),
    })
    .nullable(),
  role: z.enum(ROLES).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type TMe = z.infer<typeof ZMe>;
