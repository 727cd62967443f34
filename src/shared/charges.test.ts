import { describe, expect, it } from "vitest";
import { PACKAGE_TABLE, PLAN_TABLE } from "../../tests/support/spec-tables.ts";
import {
  chargeItemsLabel,
  chargeSummary,
  packageChargeLines,
  packageCharges,
  recurringLabel,
} from "./charges.ts";
import { getPlan, getWebsitePackage } from "./plans.ts";

const addOnIds = (pkgId: (typeof PACKAGE_TABLE)[number]["id"]) =>
  getWebsitePackage(pkgId).modalContent.addOns.map((a) => a.id);

describe("what a package's checkout charges (issue 14: money shown is money charged)", () => {
  for (const row of PACKAGE_TABLE) {
    it(`${row.name}: set-up and the first month of hosting are due today`, () => {
      const pkg = getWebsitePackage(row.id);
      const s = packageCharges(pkg, 0, []);
      expect(s.today).toEqual([
        { label: "Set-up", amount: row.setup },
        { label: "First month of hosting", amount: row.monthly },
      ]);
      expect(s.dueToday).toBe(row.setup + row.monthly);
      expect(recurringLabel(s)).toBe(`$${row.monthly}/month`);
    });

    it(`${row.name}: every add-on goes where the spec says, and today's total follows`, () => {
      const pkg = getWebsitePackage(row.id);
      const oneTime = row.addOns.filter((a) => !a[2]).reduce((s, a) => s + a[1], 0);
      const monthly = row.addOns.filter((a) => a[2]).reduce((s, a) => s + a[1], 0);
      const s = packageCharges(pkg, 0, addOnIds(row.id));
      expect(s.dueToday).toBe(row.setup + oneTime + row.monthly + monthly);
      expect(s.recurring).toBe(row.monthly + monthly);
      if (row.overTime) {
        const o = packageCharges(pkg, 1, addOnIds(row.id));
        expect(o.today).toEqual([
          { label: "Down payment", amount: row.overTime.down + oneTime },
          { label: "First monthly payment", amount: row.overTime.monthly + monthly },
        ]);
        expect(o.dueToday).toBe(row.overTime.down + oneTime + row.overTime.monthly + monthly);
        expect(o.months).toBe(12);
        expect(recurringLabel(o)).toBe(`$${row.overTime.monthly + monthly}/month for 12 months`);
      } else {
        expect(pkg.modalContent.paymentOptions).toHaveLength(1);
      }
    });
  }

  it("the issue's examples: Union or Labor is $1,555 today, or $575 over time ($600 with Voting)", () => {
    const pkg = getWebsitePackage("union-labor");
    expect(chargeItemsLabel(packageCharges(pkg, 0, []).today)).toBe(
      "Set-up $1,500 + First month of hosting $55",
    );
    expect(packageCharges(pkg, 0, []).dueToday).toBe(1555);
    expect(packageCharges(pkg, 1, []).dueToday).toBe(575);
    const voting = pkg.modalContent.addOns.find((a) => a.name === "Voting");
    expect(packageCharges(pkg, 1, [voting?.id ?? ""]).dueToday).toBe(600);
  });

  it("the lines sold are the lines shown: names for Stripe, amounts that sum to today's total", () => {
    const pkg = getWebsitePackage("union-labor");
    const lines = packageChargeLines(pkg, 1, []);
    expect(lines.map((l) => [l.name, l.amount, l.interval, l.months ?? null])).toEqual([
      ["Union or Labor website: down payment", 450, null, null],
      ["Union or Labor website: monthly payment", 125, "month", 12],
    ]);
  });
});

describe("plans: a trial charges nothing today, a paid start the first period", () => {
  for (const row of PLAN_TABLE) {
    it(`${row.name}`, () => {
      const plan = getPlan(row.id);
      const lines = [
        { name: `UnionHall ${plan.name} (yearly)`, amount: row.yearly, interval: "year" as const },
      ];
      expect(chargeSummary(lines, 14)).toMatchObject({
        dueToday: 0,
        today: [],
        recurring: row.yearly,
      });
      expect(chargeSummary(lines, null)).toMatchObject({
        dueToday: row.yearly,
        today: [{ label: `First year of UnionHall ${plan.name} (yearly)`, amount: row.yearly }],
      });
      expect(recurringLabel(chargeSummary(lines, null))).toBe(`$${row.yearly}/year`);
    });
  }

  it("Founders: the one-time set-up is due even during a trial", () => {
    const lines = [
      { name: "UnionHall Founders (monthly)", amount: 125, interval: "month" as const },
      { name: "UnionHall Founders one-time set-up", amount: 3500, interval: null },
    ];
    expect(chargeSummary(lines, 14).dueToday).toBe(3500);
    expect(chargeSummary(lines, null).dueToday).toBe(3625);
    expect(chargeSummary(lines, null).today[0]?.label).toBe("UnionHall Founders one-time set-up");
  });
});
