import { createHmac } from "node:crypto";
import type { Auth } from "../../src/server/lib/auth/auth.ts";
import { createUserWithPassword } from "../../src/server/lib/auth/users.ts";
import type { TAccountType } from "../../src/shared/schemas/auth.ts";

/**
 * Test set-up that skips the sign-in form and password hashing (scrypt: about a third of a
 * second to hash and more to verify, per person, on this machine). Tests whose journey IS
 * signing in keep doing it over HTTP.
 */

export interface SessionCookie {
  name: string;
  /** URL-encoded, as in a Set-Cookie or Cookie header. */
  value: string;
}

/**
 * A live session for the user, made as better-auth's sign-in makes it (a `sessions` row through
 * its own adapter), and the cookie it would set: `token.base64(HMAC-SHA256(secret, token))`,
 * better-call's signed cookie, which `verifiedToken` (session-lookup.ts) checks.
 */
export async function mintSession(auth: Auth, userId: string): Promise<SessionCookie> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signature = createHmac("sha256", ctx.secret).update(session.token).digest("base64");
  return {
    name: ctx.authCookies.sessionToken.name,
    value: encodeURIComponent(`${session.token}.${signature}`),
  };
}

export interface NewAccount {
  email: string;
  name: string;
  accountType?: TAccountType;
  verified?: boolean;
  /** Only for people who sign in with it, change it or confirm it (two-factor): hashing costs. */
  password?: string;
}

/** A user as sign-up makes one; with a password only when asked for one. */
export async function createAccount(
  auth: Auth,
  input: NewAccount,
): Promise<{ id: string; email: string }> {
  if (input.password !== undefined)
    return createUserWithPassword(auth, { ...input, password: input.password });
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: input.verified ?? true,
      accountType: input.accountType ?? "member",
    },
    { method: "email-password" },
  );
  return { id: user.id, email: user.email };
}
