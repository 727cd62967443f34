import { describe, expect, it } from "vitest";
import { formatDate, formatLongWeekdayDay, formatMoney, formatWeekdayDay } from "./format.ts";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formats in the reader's language (issue 22)", () => {
  it("keeps the procedure's English days and reads Spanish ones through Intl", () => {
    expect(formatWeekdayDay("en", "2026-12-08")).toBe("Tue 8 Dec 2026");
    expect(formatWeekdayDay("en", "2026-12-08", { year: false })).toBe("Tue 8 Dec");
    expect(plain(formatWeekdayDay("es", "2026-12-08"))).toMatch(
      /^mar, 8 (de )?dic(\.)? (de )?2026$/,
    );
    expect(plain(formatWeekdayDay("es", "2026-12-08", { year: false }))).not.toMatch(/2026/);
    expect(formatLongWeekdayDay("en", "2026-11-23")).toBe("Monday 23 November");
    expect(formatLongWeekdayDay("es", "2026-11-23")).toBe("lunes, 23 de noviembre");
  });

  it("never shifts a bare date by a time zone (29 Feb of a leap year stays itself)", () => {
    expect(formatDate("en", "2028-02-29")).toBe("Feb 29, 2028");
    expect(formatWeekdayDay("en", "2028-02-29")).toBe("Tue 29 Feb 2028");
  });

  it("writes money in whole dollars or cents", () => {
    expect(formatMoney("en", 3500)).toBe("$3,500");
    expect(formatMoney("en", 49.5)).toBe("$49.50");
    expect(plain(formatMoney("es", 3500))).toMatch(/3,500|3\.500|3 500/);
  });
});
