import { describe, expect, it } from "vitest";
import { pendingChoiceAction } from "./pending-choice.ts";

const growthYearly = { planId: "growth", billingCycle: "yearly" } as const;
const buyer = (hasOrganization: boolean, isAdminAccount: boolean, canManageBilling: boolean) => ({
  hasOrganization,
  isAdminAccount,
  canManageBilling,
});

describe("where a choice made while signed out leads after sign-in", () => {
  it("an admin without an organization creates it first, in the wizard", () => {
    expect(pendingChoiceAction(growthYearly, buyer(false, true, false))).toEqual({
      kind: "get-started",
    });
  });

  it("an organization's admin goes straight to checkout for the plan and cycle", () => {
    expect(pendingChoiceAction(growthYearly, buyer(true, true, true))).toEqual({
      kind: "checkout",
      body: { planId: "growth", billingCycle: "yearly", isFoundersPlan: false },
    });
  });

  it("a member, with or without an organization, is told only admins buy plans", () => {
    expect(pendingChoiceAction(growthYearly, buyer(true, false, false))).toEqual({
      kind: "admins-only",
    });
    expect(pendingChoiceAction(growthYearly, buyer(false, false, false))).toEqual({
      kind: "admins-only",
    });
    // An admin account that joined someone else's organization as a member cannot buy either.
    expect(pendingChoiceAction(growthYearly, buyer(true, true, false))).toEqual({
      kind: "admins-only",
    });
  });

  it("a website package (saved without a cycle) goes to its checkout for anyone", () => {
    const pkg = { planId: "life-moments", billingCycle: null };
    for (const who of [buyer(false, false, false), buyer(true, true, true)]) {
      expect(pendingChoiceAction(pkg, who)).toEqual({
        kind: "checkout",
        body: { packageId: "life-moments" },
      });
    }
  });
});
