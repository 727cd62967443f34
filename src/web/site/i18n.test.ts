import { afterEach, describe, expect, it } from "vitest";
import { setCatalogues, translate, translateMessage } from "./i18n.ts";

describe("the public site's translations (site/i18n.ts)", () => {
  afterEach(() => setCatalogues("en", {}));

  it("reads nested keys by namespace, fills values, and falls back to the key", () => {
    setCatalogues("en", { marketing: { home: { cta: "Try it for {{days}} days" } }, common: {} });
    expect(translate("home.cta", { days: 14 }, "marketing")).toBe("Try it for 14 days");
    expect(translate("marketing:home.cta", { days: 30 })).toBe("Try it for 30 days");
    expect(translate("home.missing", {}, "marketing")).toBe("home.missing");
    expect(translate("home.missing", { defaultValue: "Fallback" }, "marketing")).toBe("Fallback");
  });

  it("picks plural forms by count and context forms as i18next does", () => {
    setCatalogues("en", {
      common: {
        users_one: "{{count}} user",
        users_other: "{{count}} users",
        after: "Then {{x}}",
        after_year: "Then {{x}} a year",
      },
    });
    expect(translate("users", { count: 1 })).toBe("1 user");
    expect(translate("users", { count: 25 })).toBe("25 users");
    expect(translate("after", { x: "$5", context: "year" })).toBe("Then $5 a year");
    expect(translate("after", { x: "$5", context: "month" })).toBe("Then $5");
  });

  it("translates the server's English messages by their text, keeping unknown ones", () => {
    setCatalogues("es", { messages: { "Email is required.": "El correo es obligatorio." } });
    expect(translateMessage("Email is required.")).toBe("El correo es obligatorio.");
    expect(translateMessage("Something else: with a colon.")).toBe("Something else: with a colon.");
  });
});
