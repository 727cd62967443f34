import { APIError, betterAuth } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type pg from "pg";
import type { Logger } from "pino";
import { AuthMessages, ZAccountType } from "../../../shared/schemas/auth.ts";
import type { DB } from "../../db/connection.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "../mail/templates.ts";
import { passwordProblem } from "./password-policy.ts";

export interface AuthDeps {
  appUrl: string;
  secret: string;
  pool: pg.Pool;
  db: DB;
  log: Logger;
  isProduction: boolean;
  /** Extra origins allowed to POST with cookies (the Vite dev server). */
  extraOrigins?: string[];
  /** Attempts per minute and client address on sign-in, sign-up, reset and verification. */
  rateLimitPerMinute: number;
}

/** The header the server sets to the client's address (see plugins/auth-routes.ts). */
export const CLIENT_IP_HEADER = "x-unionhall-client-ip";

/** The endpoints an attacker would hammer: limited per client address, in PostgreSQL. */
const SENSITIVE_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/verify-email",
  "/change-password",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
];

// better-auth's tables, in this project's snake_case.
const timestamps = { createdAt: "created_at", updatedAt: "updated_at" };

/** Paths whose body carries a new password, and the field it is in. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

export function createAuth(deps: AuthDeps) {
  const { appUrl, db } = deps;
  return betterAuth({
    appName: "UnionHall",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    database: deps.pool,
    telemetry: { enabled: false },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rate_limits",
      fields: { lastRequest: "last_request" },
      window: 60,
      max: deps.rateLimitPerMinute * 10,
      customRules: Object.fromEntries(
        SENSITIVE_PATHS.map((path) => [path, { window: 60, max: deps.rateLimitPerMinute }]),
      ),
    },
    plugins: [
      twoFactor({
        issuer: "UnionHall",
        schema: {
          user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
          twoFactor: {
            modelName: "two_factors",
            fields: {
              userId: "user_id",
              backupCodes: "backup_codes",
              failedVerificationCount: "failed_verification_count",
              lockedUntil: "locked_until",
            },
          },
        },
      }),
    ],
    trustedOrigins: [appUrl, ...(deps.extraOrigins ?? [])],
    logger: {
      level: "warn",
      log: (level, message, ...args) => deps.log[level]({ args }, message),
    },
    // Refusals (bad password, unverified email...) are normal traffic: debug, not error.
    onAPIError: {
      onError(error) {
        const status = error instanceof APIError ? error.statusCode : 500;
        if (status < 500)
          deps.log.debug({ status, reason: (error as Error).message }, "auth request refused");
        else deps.log.error({ err: error }, "auth request failed");
      },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", ...timestamps },
      additionalFields: {
        accountType: {
          type: "string",
          fieldName: "account_type",
          required: false,
          defaultValue: "member",
          input: true,
        },
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
        ...timestamps,
      },
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", ...timestamps },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6, // sign-in keeps the spec's form rule; new passwords are checked below
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, { to: user.email, ...resetPasswordMail(user.name, url) });
      },
      // Sign-up answers the same for a registered email (no enumeration); the owner is told.
      async onExistingUserSignUp({ user }) {
        await enqueueMail(db, {
          to: user.email,
          ...existingAccountMail(user.name, `${appUrl}/login`, `${appUrl}/forgot-password`),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, token }) {
        // The account type rides along so the page can send the person on (portal spec 4).
        const accountType =
          (user as { accountType?: string }).accountType === "admin" ? "admin" : "member";
        const url = `${appUrl}/verify-email?token=${encodeURIComponent(token)}&accountType=${accountType}`;
        await enqueueMail(db, { to: user.email, ...verifyEmailMail(user.name, url) });
      },
    },
    advanced: {
      useSecureCookies: deps.isProduction && appUrl.startsWith("https://"),
      cookiePrefix: "unionhall",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns the origin (CSRF) check off under NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (field) {
          const problem = passwordProblem(body[field]);
          if (problem)
            throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
        }
        if (ctx.path === "/sign-up/email") {
          if (typeof body.name !== "string" || body.name.trim().length < 2) {
            throw new APIError("BAD_REQUEST", {
              message: AuthMessages.nameMin,
              code: "INVALID_NAME",
            });
          }
          if (body.accountType !== undefined && !ZAccountType.safeParse(body.accountType).success) {
            throw new APIError("BAD_REQUEST", {
              message: "Account type must be admin or member",
              code: "INVALID_ACCOUNT_TYPE",
            });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
