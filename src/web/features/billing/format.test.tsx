import { afterEach, describe, expect, it } from "vitest";
import { getPlan, planChangeBlocker } from "../../../shared/plans.ts";
import { switchLanguage } from "../../lib/i18n.ts";
import { blockerText, formatCents, formatDate, formatDollars } from "./format.ts";

afterEach(async () => {
  await switchLanguage("en");
});

const USAGES = [
  { users: 1, stewards: 0 },
  { users: 3, stewards: 1 },
  { users: 4, stewards: 2 },
  { users: 40, stewards: 0 },
  { users: 400, stewards: 3 },
];

describe("billing words and figures in the reader's language (issue 22)", () => {
  it("in English, a blocked plan change reads exactly as the shared rule says", () => {
    for (const id of ["starter", "growth", "pro"] as const)
      for (const usage of USAGES)
        expect(blockerText(getPlan(id), usage)).toBe(planChangeBlocker(id, usage));
  });

  it("in Spanish, the same rule in Spanish, and dates and money through Intl", async () => {
    await switchLanguage("es");
    expect(blockerText(getPlan("starter"), { users: 3, stewards: 2 })).toBe(
      "El plan Starter no tiene el rol de delegado sindical. Primero cambie a sus 2 delegados a miembros (Directorio) y después elija Starter.",
    );
    expect(formatDate("2026-11-24")).toBe("24 de noviembre de 2026");
    expect(formatDollars(3500)).toBe("$3,500");
    expect(formatCents(4900)).toBe("$49.00");
  });

  it("in English, the figures as before", () => {
    expect(formatDate("2026-11-24")).toBe("November 24, 2026");
    expect(formatDate(null)).toBe("-");
    expect(formatDollars(290)).toBe("$290");
    expect(formatCents(4900)).toBe("$49.00");
  });
});
