import { describe, expect, it } from "vitest";
import {
  AuthMessages,
  ZLoginForm,
  ZNewPassword,
  ZRegisterForm,
  ZResetPasswordForm,
} from "./auth.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("the new-password rule (product-decisions.md 5)", () => {
  it.each([
    ["Ab1", AuthMessages.passwordMin],
    ["alllower123", AuthMessages.passwordUppercase],
    ["NoDigitsHere", AuthMessages.passwordDigit],
    [`A1${"x".repeat(127)}`, AuthMessages.passwordMax],
  ])("refuses %j with the spec's message", (password, message) => {
    expect(firstMessage(ZNewPassword.safeParse(password))).toBe(message);
  });

  it("accepts 8 to 128 characters with an uppercase letter and a digit", () => {
    expect(ZNewPassword.safeParse("Abcdefg1").success).toBe(true);
    expect(ZNewPassword.safeParse(`A1${"x".repeat(126)}`).success).toBe(true);
  });

  it("needs the confirmation to match", () => {
    const result = ZResetPasswordForm.safeParse({
      password: "Abcdefg1",
      confirmPassword: "Abcdefg2",
    });
    expect(firstMessage(result)).toBe(AuthMessages.passwordsMismatch);
  });
});

describe("login and register forms", () => {
  it("keeps the spec's sign-in rules (valid email, 6 characters)", () => {
    expect(firstMessage(ZLoginForm.safeParse({ email: "nope", password: "123456" }))).toBe(
      AuthMessages.invalidEmail,
    );
    expect(firstMessage(ZLoginForm.safeParse({ email: "a@b.org", password: "12345" }))).toBe(
      AuthMessages.signInPasswordMin,
    );
  });

  it("checks the name and normalises the email", () => {
    const bad = ZRegisterForm.safeParse({
      accountType: "admin",
      name: "A",
      email: "a@b.org",
      password: "Abcdefg1",
    });
    expect(firstMessage(bad)).toBe(AuthMessages.nameMin);
    const good = ZRegisterForm.parse({
      accountType: "member",
      name: "Al",
      email: " A@B.org ",
      password: "Abcdefg1",
    });
    expect(good.email).toBe("a@b.org");
  });

  it("accepts only the two account types", () => {
    const result = ZRegisterForm.safeParse({
      accountType: "owner",
      name: "Al",
      email: "a@b.org",
      password: "Abcdefg1",
    });
    expect(result.success).toBe(false);
  });
});
