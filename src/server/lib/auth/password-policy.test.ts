import { describe, expect, it } from "vitest";
import { AuthMessages } from "../../../shared/schemas/auth.ts";
import { passwordProblem } from "./password-policy.ts";

describe("passwordProblem", () => {
  it("refuses common passwords whatever their case", () => {
    expect(passwordProblem("Password1")).toBe(AuthMessages.passwordCommon);
    expect(passwordProblem("Qwerty123")).toBe(AuthMessages.passwordCommon);
  });
  it("reports the first broken rule", () => {
    expect(passwordProblem("short")).toBe(AuthMessages.passwordMin);
    expect(passwordProblem(undefined)).not.toBeNull();
  });
  it("accepts a good password", () => {
    expect(passwordProblem("Grievance-Steward-42")).toBeNull();
  });
});
