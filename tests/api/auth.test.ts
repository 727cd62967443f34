import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthMessages } from "../../src/shared/schemas/auth.ts";
import { linkIn } from "../support/mail-catcher.ts";
import { type MailTestApp, startTestAppWithMail } from "../support/test-app.ts";

let t: MailTestApp;

beforeAll(async () => {
  t = await startTestAppWithMail();
});
afterAll(() => t.close());

const countUsers = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom("users")
        .select(t.db.fn.countAll().as("n"))
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("sign-up", () => {
  it.each([
    [{ password: "short1A" }, AuthMessages.passwordMin],
    [{ password: "nouppercase1" }, AuthMessages.passwordUppercase],
    [{ password: "NoDigitsAtAll" }, AuthMessages.passwordDigit],
    [{ password: `Aa1${"x".repeat(130)}` }, AuthMessages.passwordMax],
    [{ password: "Password123" }, AuthMessages.passwordCommon],
    [{ name: "A" }, AuthMessages.nameMin],
    [{ accountType: "owner" }, "Account type must be admin or member"],
  ])("refuses %j with 400 and the spec's message, creating nothing", async (override, message) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.org`;
    const res = await t.client().post("/api/auth/sign-up/email", {
      name: "Pat Doe",
      email,
      password: "Valid-Pass-42",
      accountType: "member",
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countUsers(email)).toBe(0);
  });

  it("refuses an invalid email with 400", async () => {
    const res = await t.client().post("/api/auth/sign-up/email", {
      name: "Pat",
      email: "not-an-email",
      password: "Valid-Pass-42",
    });
    expect(res.statusCode).toBe(400);
  });

  it("answers a registered email exactly like a new one, and tells the owner by mail", async () => {
    const existing = await t.createUser({ name: "Existing Owner" });
    const fresh = `fresh-${Date.now()}@example.org`;
    const a = await t.client().post("/api/auth/sign-up/email", {
      name: "Someone",
      email: existing.email,
      password: "Valid-Pass-42",
    });
    const b = await t.client().post("/api/auth/sign-up/email", {
      name: "Someone",
      email: fresh,
      password: "Valid-Pass-42",
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect(Object.keys(a.json().user).sort()).toEqual(Object.keys(b.json().user).sort());
    expect(a.json().token).toBeNull();
    const notice = await t.waitForMail(existing.email, "You already have a UnionHall account");
    expect(notice.text).toContain("/login");
  });
});

describe("verification and sign-in", () => {
  it("sends a verification link over SMTP; only after it can the user sign in", async () => {
    const email = `newcomer-${Date.now()}@example.org`;
    const browser = t.client();
    const signUp = await browser.post("/api/auth/sign-up/email", {
      name: "New Comer",
      email,
      password: "Valid-Pass-42",
      accountType: "admin",
    });
    expect(signUp.statusCode).toBe(200);

    const before = await browser.signIn(email, "Valid-Pass-42");
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe("EMAIL_NOT_VERIFIED");

    const mail = await t.waitForMail(email, "Confirm your UnionHall account");
    const link = new URL(linkIn(mail, "/verify-email"));
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("accountType")).toBe("admin");

    const verify = await browser.get(
      `/api/auth/verify-email?token=${link.searchParams.get("token")}`,
    );
    expect(verify.statusCode).toBe(200);

    const wrong = await browser.signIn(email, "Wrong-Pass-42");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_EMAIL_OR_PASSWORD");

    const ok = await browser.signIn(email, "Valid-Pass-42");
    expect(ok.statusCode).toBe(200);
    const me = await browser.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email, name: "New Comer", accountType: "admin" },
      organization: null,
      role: null,
    });

    await browser.post("/api/auth/sign-out");
    expect((await browser.get("/api/me")).statusCode).toBe(401);
  });

  it("refuses a forged verification token", async () => {
    const res = await t.client().get("/api/auth/verify-email?token=not-a-token");
    expect(res.statusCode).toBe(401);
  });

  it("resend answers the same for unknown, verified and unverified emails", async () => {
    const verified = await t.createUser();
    const unverified = await t.createUser({ verified: false });
    const answers = await Promise.all(
      ["nobody@example.org", verified.email, unverified.email].map((email) =>
        t
          .client()
          .post("/api/auth/send-verification-email", { email, callbackURL: "/verify-email" }),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ status: true });
    }
    await t.waitForMail(unverified.email, "Confirm your UnionHall account");
    expect(t.smtp.to("nobody@example.org")).toHaveLength(0);
  });
});

describe("password reset", () => {
  it("resets through the emailed link; the old password and other sessions stop working", async () => {
    const user = await t.createUser();
    const otherDevice = t.client();
    expect((await otherDevice.signIn(user.email, user.password)).statusCode).toBe(200);

    const unknown = await t.client().post("/api/auth/request-password-reset", {
      email: "ghost@example.org",
      redirectTo: "/reset-password",
    });
    const known = await t.client().post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await t.waitForMail(user.email, "Reset your UnionHall password");
    const token = new URL(linkIn(mail, "/reset-password")).searchParams.get("token");
    expect(token).toBeTruthy();

    const weak = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "weakpass" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(AuthMessages.passwordUppercase);

    const reset = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "Brand-New-Pass-7" });
    expect(reset.statusCode).toBe(200);

    expect((await t.client().signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await t.client().signIn(user.email, "Brand-New-Pass-7")).statusCode).toBe(200);
    expect((await otherDevice.get("/api/me")).statusCode).toBe(401);

    const reused = await t
      .client()
      .post("/api/auth/reset-password", { token, newPassword: "Another-Pass-8" });
    expect(reused.statusCode).toBe(400);
  });
});
