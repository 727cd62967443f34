import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readCookie, verifiedToken } from "./session-lookup.ts";

const secret = "test-secret-0123456789";
const sign = (token: string) =>
  `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

describe("the session cookie", () => {
  it("reads one cookie, URL-decoded, among others", () => {
    const value = encodeURIComponent(sign("abc"));
    expect(
      readCookie(`a=1; better-auth.session_token=${value}; b=2`, "better-auth.session_token"),
    ).toBe(sign("abc"));
    expect(readCookie("a=1", "better-auth.session_token")).toBeNull();
    expect(readCookie(null, "x")).toBeNull();
    expect(readCookie("x=%E0%A4%A", "x")).toBeNull();
  });

  it("accepts only the token signed with the secret", () => {
    expect(verifiedToken(sign("abc"), secret)).toBe("abc");
    expect(verifiedToken(sign("abc"), "another-secret")).toBeNull();
    expect(verifiedToken(sign("abc").replace("abc", "abd"), secret)).toBeNull();
    expect(verifiedToken(`${sign("abc")}x`, secret)).toBeNull();
    expect(verifiedToken("abc", secret)).toBeNull();
    expect(verifiedToken(".sig", secret)).toBeNull();
    expect(verifiedToken(null, secret)).toBeNull();
  });
});
