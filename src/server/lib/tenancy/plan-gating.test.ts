import { describe, expect, it } from "vitest";
import { assertRoleAllowed, assertSeatAvailable } from "./plan-gating.ts";

// The checks invitations, joins and role changes make (product-decisions.md 15), read from
// the catalogue's planLimits.
describe("plan gating", () => {
  it("refuses a steward on Starter and allows one on Growth", () => {
    expect(() => assertRoleAllowed("starter", "steward")).toThrow(
      "The Starter plan has no steward role. Upgrade to Growth or Pro to add stewards.",
    );
    expect(() => assertRoleAllowed("starter", "member")).not.toThrow();
    expect(() => assertRoleAllowed("growth", "steward")).not.toThrow();
  });

  it("counts seats: the 10th Starter member fits, the 11th does not; unlimited plans always fit", () => {
    expect(() => assertSeatAvailable("starter", 9)).not.toThrow();
    expect(() => assertSeatAvailable("starter", 10)).toThrow(
      "This organization has reached its limit of 10 users on the Starter plan.",
    );
    expect(() => assertSeatAvailable("pro", 49)).not.toThrow();
    expect(() => assertSeatAvailable("pro", 50)).toThrow(/limit of 50 users on the Pro plan/);
    expect(() => assertSeatAvailable("enterprise", 10_000)).not.toThrow();
  });

  it("gives an unknown plan the smallest plan's seats", () => {
    expect(() => assertSeatAvailable("basic", 10)).toThrow(/limit of 10 users on the basic plan/);
  });
});
