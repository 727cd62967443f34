import { APIError, type BetterAuthOptions, betterAuth } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type pg from "pg";
import type { Logger } from "pino";
import { isLanguage } from "../../../shared/i18n/languages.ts";
import { AuthMessages, ZAccountType } from "../../../shared/schemas/auth.ts";
import type { DB } from "../../db/connection.ts";
import { asLanguage, requestLanguage } from "../i18n/index.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from "../mail/templates.ts";
import { passwordProblem } from "./password-policy.ts";
import { createAuthRateLimiter, isLimitedPath } from "./rate-limit.ts";
import { claimTotpCode } from "./totp-once.ts";

export interface AuthDeps {
  appUrl: string;
  secret: string;
  pool: pg.Pool;
  db: DB;
  log: Logger;
  isProduction: boolean;
  /** Extra origins allowed to POST with cookies (the Vite dev server). */
  extraOrigins?: string[];
  /** Attempts per minute per account and client address on sign-in, sign-up, reset... */
  rateLimitPerMinute: number;
  /**
   * How passwords are hashed and checked; better-auth's scrypt when left out. Only a test that
   * signs hundreds of people in, and is not about the hash, gives a cheaper one.
   */
  passwordHashing?: {
    hash(password: string): Promise<string>;
    verify(data: { hash: string; password: string }): Promise<boolean>;
  };
}

/** The header the server sets to the client's address (see plugins/auth-routes.ts). */
export const CLIENT_IP_HEADER = "x-unionhall-client-ip";

// better-auth's tables, in this project's snake_case.
const timestamps = { createdAt: "created_at", updatedAt: "updated_at" };

/** The stored language of the user better-auth hands a mail hook (users.language). */
const userLanguage = (user: object) => asLanguage((user as { language?: unknown }).language);

/** The language a new account gets: the one offered if it is ours, else the request's. */
function signUpLanguage(offered: object, headers: Headers | undefined) {
  const language = (offered as { language?: unknown }).language;
  if (isLanguage(language)) return language;
  return requestLanguage({
    cookie: headers?.get("cookie") ?? undefined,
    "accept-language": headers?.get("accept-language") ?? undefined,
  });
}

/** Paths whose body carries a new password, and the field it is in. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** A path on this site (never '//host' or a full URL), or null. */
export function localPath(value: string | null | undefined): string | null {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\")
  )
    return null;
  return value;
}

/**
 * Checks before better-auth's own endpoints: the sign-in rate limit, new passwords' strength,
 * fields a user may not write, a TOTP code used once only, and sign-up's name, account type
 * and language.
 */
function beforeAuthEndpoints(
  db: AuthDeps["db"],
  checkRate: ReturnType<typeof createAuthRateLimiter>,
) {
  return createAuthMiddleware(async (ctx) => {
    const ip = ctx.headers?.get(CLIENT_IP_HEADER);
    if (ip && isLimitedPath(ctx.path)) {
      const decision = await checkRate({
        path: ctx.path,
        ip,
        body: (ctx.body ?? {}) as Record<string, unknown>,
        query: (ctx.query ?? {}) as Record<string, unknown>,
        cookies: ctx.headers?.get("cookie") ?? "",
      });
      if (!decision.allowed) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { message: AuthMessages.tooManyRequests, code: "TOO_MANY_REQUESTS" },
          { "Retry-After": String(decision.retryAfterSeconds) },
        );
      }
    }
    const field = NEW_PASSWORD_FIELDS[ctx.path];
    // Any JSON value may arrive here (better-auth validates after the hooks).
    const body = (typeof ctx.body === "object" && ctx.body !== null ? ctx.body : {}) as Record<
      string,
      unknown
    >;
    if (field) {
      const problem = passwordProblem(body[field]);
      if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
    }
    // The avatar is set only by the avatar upload (checked, resized image of ours), and
    // the account type only at sign-up: neither through update-user.
    if (ctx.path === "/update-user" && ("accountType" in body || "image" in body)) {
      throw new APIError("BAD_REQUEST", {
        message: AuthMessages.notUserWritable,
        code: "FIELD_NOT_WRITABLE",
      });
    }
    if (ctx.path === "/sign-up/email" && "image" in body) {
      throw new APIError("BAD_REQUEST", {
        message: AuthMessages.notUserWritable,
        code: "FIELD_NOT_WRITABLE",
      });
    }
    if (ctx.path === "/two-factor/verify-totp" && typeof body.code === "string") {
      const userId = await twoFactorUserId(ctx);
      if (userId && !(await claimTotpCode(db, userId, body.code))) {
        throw new APIError("UNAUTHORIZED", {
          message: AuthMessages.totpUsed,
          code: "TOTP_CODE_USED",
        });
      }
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
      // The language is settled here, before better-auth looks the email up: a registered
      // email is answered with a made-up user built from the body, a new one with the
      // stored row, and the two differed (null against "en") until both came from here.
      return { context: { body: { ...body, language: signUpLanguage(body, ctx.headers) } } };
    }
  });
}

/** Email and password sign-up, reset and verification, and the mails they send. */
function mailSettings(
  appUrl: string,
  db: AuthDeps["db"],
  passwordHashing: AuthDeps["passwordHashing"],
) {
  return {
    emailAndPassword: {
      enabled: true,
      password: passwordHashing,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6, // sign-in keeps the spec's form rule; new passwords are checked below
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const url = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, {
          to: user.email,
          ...resetPasswordMail(user.name, url, userLanguage(user)),
        });
      },
      // Sign-up answers the same for a registered email (no enumeration); the owner is told.
      async onExistingUserSignUp({ user }) {
        await enqueueMail(db, {
          to: user.email,
          ...existingAccountMail(
            user.name,
            `${appUrl}/login`,
            `${appUrl}/forgot-password`,
            userLanguage(user),
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, token, url: betterAuthUrl }) {
        // The account type rides along so the page can send the person on (portal spec 4),
        // and so does the page the sign-up started from (an invitation), as `next`.
        const accountType =
          (user as { accountType?: string }).accountType === "admin" ? "admin" : "member";
        const next = localPath(new URL(betterAuthUrl).searchParams.get("callbackURL"));
        const url =
          `${appUrl}/verify-email?token=${encodeURIComponent(token)}&accountType=${accountType}` +
          (next && next !== "/verify-email" ? `&next=${encodeURIComponent(next)}` : "");
        await enqueueMail(db, {
          to: user.email,
          ...verifyEmailMail(user.name, url, userLanguage(user)),
        });
      },
    },
  } satisfies Pick<BetterAuthOptions, "emailAndPassword" | "emailVerification">;
}

export function createAuth(deps: AuthDeps) {
  const { appUrl, db } = deps;
  const checkRate = createAuthRateLimiter(db, deps.rateLimitPerMinute);
  return betterAuth({
    appName: "UnionHall",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    database: deps.pool,
    telemetry: { enabled: false },
    // better-auth's limiter restarts its window on every request and keys on the address
    // alone; the hand-written one (rate-limit.ts) runs in the before hook below instead.
    rateLimit: { enabled: false },
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
    // Refusals (bad password, unverified email...) are normal traffic: debug, not error. A
    // request in a form better-auth does not take (415: no JSON) is the client's error: info.
    // isAPIError, not instanceof: better-call's own errors (the 415) are not better-auth's
    // subclass, and were logged as failures of the server.
    onAPIError: {
      onError(error) {
        const status = isAPIError(error) ? error.statusCode : 500;
        const details = { status, reason: (error as Error).message };
        if (status === 415) deps.log.info(details, "auth request in a form not accepted");
        else if (status < 500) deps.log.debug(details, "auth request refused");
        else deps.log.error({ err: error }, "auth request failed");
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Only an offered language is stored; without one, the request's (cookie, browser).
          async before(user, context) {
            return { data: { ...user, language: signUpLanguage(user, context?.headers) } };
          },
        },
      },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", ...timestamps },
      additionalFields: {
        // Set at sign-up from the browser's language (issue 22); checked in the hook above. No
        // default here: better-auth would fill it in before the hook, hiding the browser's.
        language: { type: "string", required: false, input: true },
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
      // Reset links and the two-factor step's tokens are kept as their SHA-256 only (issue 28),
      // like the employer's, calendar and invitation tokens: a copy of the table opens nothing.
      // better-auth still finds a row stored plain before this (migration 0105 hashed them).
      storeIdentifier: "hashed",
    },
    ...mailSettings(appUrl, db, deps.passwordHashing),
    advanced: {
      useSecureCookies: deps.isProduction && appUrl.startsWith("https://"),
      cookiePrefix: "unionhall",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns the origin (CSRF) check off under NODE_ENV=test; keep it on everywhere.
      disableOriginCheck: false,
    },
    hooks: {
      before: beforeAuthEndpoints(db, checkRate),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose TOTP code this is: the signed-in user (turning two-factor on), or the one halfway
 * through signing in, named by the signed two_factor cookie as better-auth itself reads it.
 */
async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) return null;
  const found = await ctx.context.internalAdapter.findVerificationValue(token);
  return found?.value ?? null;
}
