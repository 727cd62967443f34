import { describe, expect, it } from "vitest";
import { PACKAGE_TABLE } from "../../tests/support/spec-tables.ts";
import {
  addOnPriceLabel,
  annualSavingPercent,
  catalogueAnnualSaving,
  featuresBesidesUserLimit,
  formatUsd,
  getPlan,
  getWebsitePackage,
  monthlyLabel,
  PLAN_COMPARISON,
  PLANS,
  packageTotal,
  paymentOptionLabel,
  planChangeBlocker,
  planFeatureLines,
  planLimits,
  pricingCatalogue,
  subscriptionPlans,
  TRIAL_DAYS,
  userLimitLabel,
  WEBSITE_PACKAGES,
} from "./plans.ts";
import { PackageIds, PlanIds, ZPricingResponse } from "./schemas/pricing.ts";

describe("platform plans (marketing spec, section 9, and product-decisions.md 20)", () => {
  it("has exactly the spec's plan ids, in a stable order", () => {
    expect(PLANS.map((p) => p.id)).toEqual([...PlanIds]);
  });

  it.each([
    ["starter", 15, 150, false, 10, 1],
    ["growth", 29, 290, true, 25, 5],
    ["pro", 49, 490, false, 50, 5],
  ] as const)(
    "%s costs $%i/month or $%i/year (popular %s, %i users, %iGB)",
    (id, monthly, yearly, popular, users, storage) => {
      const plan = getPlan(id);
      expect(plan.monthlyPrice).toBe(monthly);
      expect(plan.yearlyPrice).toBe(yearly);
      expect(plan.popular).toBe(popular);
      expect(plan.maxUsers).toBe(users);
      expect(plan.storageGb).toBe(storage);
      expect(plan.features).toContain(`Up to ${users} users`);
      expect(plan.features).toContain(`${storage}GB storage`);
      expect(plan.isHidden).toBe(false);
      expect(plan.isCustomPricing).toBe(false);
      expect(plan.setupFee).toBeNull();
    },
  );

  it("only Pro lists CRM, roles, team messaging and the tax/export dashboard", () => {
    const proOnly = [
      "CRM tools",
      "Role-based permissions",
      "Team messaging",
      "Tax/export dashboard",
    ];
    for (const feature of proOnly) {
      expect(getPlan("pro").features).toContain(feature);
      expect(getPlan("growth").features).not.toContain(feature);
      expect(getPlan("starter").features).not.toContain(feature);
    }
    expect(getPlan("pro").hasRoleBasedAccess).toBe(true);
    expect(getPlan("growth").hasRoleBasedAccess).toBe(false);
    expect(getPlan("starter").hasRoleBasedAccess).toBe(false);
  });

  it("Growth and Pro offer advanced workflows, communication, custom forms and analytics", () => {
    for (const id of ["growth", "pro"] as const) {
      for (const row of [
        "Advanced workflows",
        "Communication tools",
        "Custom forms",
        "Analytics",
      ]) {
        const inTable = PLAN_COMPARISON.find((r) => r.feature === row);
        expect(inTable?.values[id]).toBe(true);
        expect(inTable?.values.starter).toBe(false);
      }
    }
  });

  it("Enterprise has custom pricing, is hidden, and offers unlimited storage, white-label and priority support", () => {
    const plan = getPlan("enterprise");
    expect(plan.isCustomPricing).toBe(true);
    expect(plan.isHidden).toBe(true);
    expect(plan.monthlyPrice).toBeNull();
    expect(plan.yearlyPrice).toBeNull();
    expect(plan.storageGb).toBeNull();
    expect(plan.features).toEqual(
      expect.arrayContaining(["Unlimited storage", "White-label branding", "Priority support"]),
    );
  });

  it("Founders is $125/month locked for life, $1,250/year, plus a $3,500 one-time setup", () => {
    const plan = getPlan("founders");
    expect(plan.monthlyPrice).toBe(125);
    expect(plan.yearlyPrice).toBe(1250);
    expect(plan.setupFee).toBe(3500);
    expect(plan.lockedForLife).toBe(true);
  });

  it("has a hidden Coming Soon placeholder", () => {
    const plan = getPlan("coming-soon");
    expect(plan.comingSoon).toBe(true);
    expect(plan.isHidden).toBe(true);
  });

  it("shows Starter, Growth and Pro as the subscription cards", () => {
    expect(subscriptionPlans().map((p) => p.id)).toEqual(["starter", "growth", "pro"]);
  });

  it("keeps price ids empty until billing is configured", () => {
    for (const plan of PLANS) {
      expect(plan.monthlyPriceId).toBeNull();
      expect(plan.yearlyPriceId).toBeNull();
    }
  });
});

describe("the annual saving badge is computed from the prices", () => {
  it.each([
    [15, 150, 17],
    [29, 290, 17],
    [49, 490, 17],
    [125, 1250, 17],
    [10, 96, 20],
    [10, 120, 0],
    [0, 0, 0],
  ])("$%i/month against $%i/year saves %i%%", (monthly, yearly, percent) => {
    expect(annualSavingPercent(monthly, yearly)).toBe(percent);
  });

  it("reads 'Save 17%' for the catalogue", () => {
    expect(catalogueAnnualSaving()).toBe(17);
  });
});

describe("a plan card's lines say the user limit once", () => {
  it.each(PLANS.filter((p) => p.kind === "subscription" || p.kind === "enterprise"))(
    "$name",
    (plan) => {
      const lines = planFeatureLines(plan);
      expect(lines.filter((l) => /\busers\b/i.test(l))).toEqual([userLimitLabel(plan)]);
      expect(lines[0]).toBe(
        plan.maxUsers === null ? "Unlimited users" : `Up to ${plan.maxUsers} users`,
      );
      expect(featuresBesidesUserLimit(plan).some((l) => /\busers\b/i.test(l))).toBe(false);
    },
  );
});

describe("plan gating (product-decisions.md 15)", () => {
  it.each([
    ["starter", 10, ["admin", "member"]],
    ["growth", 25, ["admin", "steward", "member"]],
    ["pro", 50, ["admin", "steward", "member"]],
    ["enterprise", null, ["admin", "steward", "member"]],
    ["founders", null, ["admin", "steward", "member"]],
  ] as const)("%s allows %s users and the roles %j", (id, maxUsers, roles) => {
    expect(planLimits(id).maxUsers).toBe(maxUsers);
    expect([...planLimits(id).allowedRoles]).toEqual(roles);
  });

  it("gives an unknown plan the smallest plan's limits", () => {
    expect(planLimits("basic")).toEqual(planLimits("starter"));
  });
});

describe("website packages (the spec's table)", () => {
  it("has the nine packages in the spec's order", () => {
    expect(WEBSITE_PACKAGES.map((p) => p.id)).toEqual([...PackageIds]);
    expect(WEBSITE_PACKAGES.map((p) => p.name)).toEqual(PACKAGE_TABLE.map((r) => r.name));
  });

  describe.each(PACKAGE_TABLE)("$name", (row) => {
    const pkg = getWebsitePackage(row.id);

    it(`costs $${row.setup} setup + $${row.monthly}/month`, () => {
      expect(pkg.setupFee).toBe(row.setup);
      expect(pkg.monthlyPrice).toBe(row.monthly);
      expect(pkg.modalContent.pricing).toEqual({ setupFee: row.setup, monthlyFee: row.monthly });
      const first = pkg.modalContent.paymentOptions[0];
      expect(first).toMatchObject({
        id: "setup-monthly",
        price: row.setup,
        downPayment: null,
        monthlyFee: row.monthly,
        duration: null,
      });
    });

    it(
      row.overTime
        ? `can be paid $${row.overTime.down} down + $${row.overTime.monthly}/month for 12 months`
        : "has no pay-over-time option (not given by the spec)",
      () => {
        const options = pkg.modalContent.paymentOptions;
        if (!row.overTime) {
          expect(options).toHaveLength(1);
          return;
        }
        expect(options).toHaveLength(2);
        expect(options[1]).toMatchObject({
          id: "pay-over-time",
          price: row.overTime.down,
          downPayment: row.overTime.down,
          monthlyFee: row.overTime.monthly,
          duration: 12,
        });
      },
    );

    it("has the spec's add-ons with their prices", () => {
      expect(
        pkg.modalContent.addOns.map((a) => [
          a.name,
          a.price,
          a.isMonthly,
          ...(a.perOrderPercent === null ? [] : [a.perOrderPercent]),
        ]),
      ).toEqual(row.addOns);
    });

    it("has a set-up page, detail texts and at least three card features", () => {
      expect(pkg.setupRoute).toBe(`/${row.id}/setup`);
      expect(pkg.features.length).toBeGreaterThanOrEqual(3);
      expect(pkg.modalContent.idealFor.length).toBeGreaterThan(0);
      expect(pkg.modalContent.detailedFeatures.length).toBeGreaterThan(0);
      for (const option of pkg.modalContent.paymentOptions) {
        expect(option.benefits.length).toBeGreaterThan(0);
      }
    });

    it("totals: one-time add-ons go into setup, monthly add-ons into the monthly fee", () => {
      const all = pkg.modalContent.addOns.map((a) => a.id);
      const oneTime = row.addOns.filter((a) => !a[2]).reduce((s, a) => s + a[1], 0);
      const monthly = row.addOns.filter((a) => a[2]).reduce((s, a) => s + a[1], 0);
      expect(packageTotal(pkg, 0, [])).toMatchObject({
        dueToday: row.setup,
        monthly: row.monthly,
        months: null,
        perOrderPercent: null,
      });
      expect(packageTotal(pkg, 0, all)).toMatchObject({
        dueToday: row.setup + oneTime,
        monthly: row.monthly + monthly,
        oneTimeAddOns: oneTime,
        monthlyAddOns: monthly,
        perOrderPercent: row.addOns.some((a) => a[3]) ? 3 : null,
      });
      if (row.overTime) {
        expect(packageTotal(pkg, 1, all)).toMatchObject({
          dueToday: row.overTime.down + oneTime,
          monthly: row.overTime.monthly + monthly,
          months: 12,
        });
      }
    });
  });

  it("adds and removes add-ons one at a time (Event Showcase)", () => {
    const pkg = getWebsitePackage("life-moments");
    expect(packageTotal(pkg, 0, ["rsvp-form"])).toMatchObject({ dueToday: 520, monthly: 15 });
    expect(packageTotal(pkg, 0, ["rsvp-form", "reminder-emails"])).toMatchObject({
      dueToday: 520,
      monthly: 20,
    });
    expect(packageTotal(pkg, 0, ["reminder-emails"])).toMatchObject({ dueToday: 500, monthly: 20 });
    expect(packageTotal(pkg, 1, ["keepsake-export"])).toMatchObject({
      dueToday: 249,
      monthly: 50,
      months: 12,
    });
    expect(packageTotal(pkg, 0, ["no-such-add-on"])).toMatchObject({ dueToday: 500, monthly: 15 });
  });

  it("refuses a payment option the package does not have", () => {
    expect(() => packageTotal(getWebsitePackage("authors-hub"), 1, [])).toThrow();
  });

  it("labels add-on prices", () => {
    const bakers = getWebsitePackage("bakers-biz").modalContent.addOns;
    expect(bakers.map(addOnPriceLabel).slice(0, 2)).toEqual([
      "$99 one-time + 3% per order",
      "$5/month",
    ]);
  });

  it.each(PACKAGE_TABLE)("labels $name's payment options as the spec's table reads", (row) => {
    const labels = getWebsitePackage(row.id).modalContent.paymentOptions.map(paymentOptionLabel);
    expect(labels).toEqual([
      `${formatUsd(row.setup)} setup + ${formatUsd(row.monthly)}/month`,
      ...(row.overTime
        ? [
            `${formatUsd(row.overTime.down)} down + ${formatUsd(row.overTime.monthly)}/month for 12 months`,
          ]
        : []),
    ]);
  });

  it("labels a monthly amount with the number of payments only when they stop", () => {
    expect(monthlyLabel(50, 12)).toBe("$50/month for 12 months");
    expect(monthlyLabel(1100, null)).toBe("$1,100/month");
  });
});

describe("the served catalogue", () => {
  it("matches the API schema and carries the trial and the saving", () => {
    const catalogue = ZPricingResponse.parse(pricingCatalogue());
    expect(catalogue.trialDays).toBe(TRIAL_DAYS);
    expect(catalogue.trialDays).toBe(14);
    expect(catalogue.annualSavingPercent).toBe(17);
    expect(catalogue.plans).toHaveLength(6);
    expect(catalogue.websitePackages).toHaveLength(9);
  });

  it("is a copy: changing it leaves the catalogue alone", () => {
    const copy = pricingCatalogue();
    copy.websitePackages[0]?.modalContent.addOns.pop();
    expect(getWebsitePackage("life-moments").modalContent.addOns).toHaveLength(3);
  });

  it("formats whole dollars", () => {
    expect(formatUsd(1100)).toBe("$1,100");
    expect(formatUsd(3500)).toBe("$3,500");
    expect(formatUsd(15)).toBe("$15");
  });
});

describe("a smaller plan must hold the organization (issue 14)", () => {
  it("names the stewards to make members before Starter", () => {
    expect(planChangeBlocker("starter", { users: 3, stewards: 2 })).toBe(
      "The Starter plan has no steward role. Make your 2 stewards members first (Directory), then choose Starter.",
    );
  });
  it("names how many users to remove before a plan with fewer seats", () => {
    expect(planChangeBlocker("growth", { users: 27, stewards: 1 })).toBe(
      "The Growth plan allows up to 25 users and your organization has 27 (members and open invitations). Remove 2 first (Directory), then choose Growth.",
    );
  });
  it("lets a plan that fits through", () => {
    expect(planChangeBlocker("starter", { users: 10, stewards: 0 })).toBeNull();
    expect(planChangeBlocker("pro", { users: 50, stewards: 9 })).toBeNull();
  });
});
