import { describe, expect, it } from "vitest";
import { decodePendingChoice, encodePendingChoice, pendingChoiceAction } from "./pending-choice.ts";

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

describe("a package's options chosen while signed out survive sign-in (issue 14)", () => {
  it("ride in the plan key after the id, and come back as the checkout's body", () => {
    const choice = {
      planId: "union-labor",
      billingCycle: null,
      paymentOption: "pay-over-time" as const,
      addOns: ["voting", "strike-fund"],
    };
    const stored = encodePendingChoice(choice);
    expect(stored).toBe("union-labor?paymentOption=pay-over-time&addOns=voting%2Cstrike-fund");
    const back = decodePendingChoice(stored, null);
    expect(back).toEqual(choice);
    expect(pendingChoiceAction(back, buyer(false, false, false))).toEqual({
      kind: "checkout",
      body: {
        packageId: "union-labor",
        paymentOption: "pay-over-time",
        addOns: ["voting", "strike-fund"],
      },
    });
  });

  it("a package with its defaults is stored as its bare id; a plan keeps its own two keys", () => {
    expect(encodePendingChoice({ planId: "life-moments", billingCycle: null })).toBe(
      "life-moments",
    );
    expect(decodePendingChoice("life-moments", null)).toEqual({
      planId: "life-moments",
      billingCycle: null,
    });
    expect(decodePendingChoice("growth", "yearly")).toEqual(growthYearly);
    expect(decodePendingChoice("union-labor?paymentOption=bogus", null)).toEqual({
      planId: "union-labor",
      billingCycle: null,
    });
  });
});
