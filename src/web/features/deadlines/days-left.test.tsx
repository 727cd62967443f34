import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n.ts";
import { daysLeftWords, dueDay } from "./pages/DeadlinesPage.tsx";

describe("a deadline's words in the reader's language (issue 22)", () => {
  beforeAll(async () => {
    await i18n.loadLanguages("es");
    await i18n.loadNamespaces("deadlines");
  });

  it("keeps the English words and the procedure's date", () => {
    const t = i18n.getFixedT("en", "deadlines");
    expect([3, 1, 0, -1, -4].map((d) => daysLeftWords(t, d))).toEqual([
      "in 3 days",
      "tomorrow",
      "today",
      "1 day overdue",
      "4 days overdue",
    ]);
    expect(dueDay("en", "2026-12-08")).toBe("Tue 8 Dec 2026");
  });

  it("says them in Spanish, with the date through Intl", () => {
    const t = i18n.getFixedT("es", "deadlines");
    expect([3, 1, 0, -1, -4].map((d) => daysLeftWords(t, d))).toEqual([
      "en 3 días",
      "mañana",
      "hoy",
      "1 día de retraso",
      "4 días de retraso",
    ]);
    expect(dueDay("es", "2026-12-08")).toBe(
      new Intl.DateTimeFormat("es-US", {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date("2026-12-08T12:00:00Z")),
    );
  });
});
