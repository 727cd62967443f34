import type { TAccountType } from "../../../shared/schemas/auth.ts";
import type { Auth } from "./auth.ts";

export interface NewUser {
  email: string;
  password: string;
  name: string;
  accountType?: TAccountType;
  verified?: boolean;
}

/**
 * Creates a user with a password account the way sign-up does, but without the mail.
 * Used by the demo seed and by the test factories.
 */
export async function createUserWithPassword(
  auth: Auth,
  input: NewUser,
): Promise<{ id: string; email: string }> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: input.verified ?? true,
      accountType: input.accountType ?? "member",
    },
    { method: "email-password" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id, email: user.email };
}
