import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { CATALOGUES, NAMESPACES } from "../../../shared/i18n/catalogues.ts";
import { PLAN_COMPARISON, PLANS, WEBSITE_PACKAGES } from "../../../shared/plans.ts";
import { PAGE_META_KEYS, PUBLIC_PAGES, setupPageMeta } from "../../../shared/public-pages.ts";
import { SETUP_FORMS } from "../../../shared/website-setup.ts";
import { publicPageMeta, withPageMeta } from "./page-meta.ts";

/**
 * The public site shows the catalogue's words from the marketing catalogue, looked up by id
 * (issue 22). The English data (plans.ts, website-setup.ts, public-pages.ts) stays the
 * reference: the English catalogue must say exactly the same, so that a change to the data
 * that forgets the catalogues fails here.
 */
const i18n = i18next.createInstance();
await i18n.init({
  resources: CATALOGUES,
  lng: "en",
  fallbackLng: false,
  ns: [...NAMESPACES],
  defaultNS: "marketing",
  interpolation: { escapeValue: false },
});
const en = i18n.getFixedT("en", "marketing");
const es = i18n.getFixedT("es", "marketing");
const has = (lng: "en" | "es", key: string) => i18n.exists(key, { lng, ns: "marketing" });

describe("the marketing catalogue matches the English catalogue data", () => {
  it("plans: name, description and every feature", () => {
    for (const plan of PLANS) {
      expect(en(`catalogue.${plan.id}.name`)).toBe(plan.name);
      expect(en(`catalogue.${plan.id}.description`)).toBe(plan.description);
      for (const [i, f] of plan.features.entries())
        expect(en(`catalogue.${plan.id}.features.${i}`)).toBe(f);
      expect(has("en", `catalogue.${plan.id}.features.${plan.features.length}`)).toBe(false);
    }
  });

  it("website packages: lists and add-ons", () => {
    for (const pkg of WEBSITE_PACKAGES) {
      const at = `catalogue.${pkg.id}`;
      expect(en(`${at}.name`)).toBe(pkg.name);
      expect(en(`${at}.description`)).toBe(pkg.description);
      const lists = {
        features: pkg.features,
        idealFor: pkg.modalContent.idealFor,
        detailedFeatures: pkg.modalContent.detailedFeatures,
        useCases: pkg.modalContent.useCases ?? [],
      };
      for (const [list, lines] of Object.entries(lists)) {
        for (const [i, line] of lines.entries()) expect(en(`${at}.${list}.${i}`)).toBe(line);
        expect(has("en", `${at}.${list}.${lines.length}`)).toBe(false);
      }
      for (const a of pkg.modalContent.addOns) {
        expect(en(`${at}.addOns.${a.id}.name`)).toBe(a.name);
        expect(en(`${at}.addOns.${a.id}.description`)).toBe(a.description);
      }
      for (const o of pkg.modalContent.paymentOptions) {
        expect(en(`paymentOptions.${o.id}.name`)).toBe(o.name);
      }
    }
  });

  it("the comparison table", () => {
    PLAN_COMPARISON.forEach((row, i) => {
      expect(en(`comparison.${i}.feature`)).toBe(row.feature);
      for (const [tier, value] of Object.entries(row.values)) {
        if (typeof value === "string") expect(en(`comparison.${i}.${tier}`)).toBe(value);
      }
    });
    expect(has("en", `comparison.${PLAN_COMPARISON.length}.feature`)).toBe(false);
  });

  it("the set-up forms: intro, sections, labels, hints and options", () => {
    for (const [id, form] of Object.entries(SETUP_FORMS)) {
      expect(en(`setupForm.packages.${id}.intro`)).toBe(form.intro);
      for (const section of form.sections) {
        const key =
          section.key === "details"
            ? `setupForm.packages.${id}.details`
            : `setupForm.sections.${section.key}`;
        expect(en(key)).toBe(section.title);
        for (const field of section.fields) {
          const keys = (part: string) => [
            `setupForm.packages.${id}.fields.${field.name}.${part}`,
            `setupForm.fields.${field.name}.${part}`,
          ];
          expect(en(keys("label"))).toBe(field.label);
          if (field.hint) expect(en(keys("hint"))).toBe(field.hint);
          for (const [i, o] of (field.options ?? []).entries())
            expect(en(keys(`options.${i}`))).toBe(o);
          // Every word the form shows has its Spanish.
          expect(keys("label").some((k) => has("es", k))).toBe(true);
        }
      }
    }
  });

  it("page titles and descriptions: the English pages are PUBLIC_PAGES, Spanish differs", () => {
    for (const [pagePath, key] of Object.entries(PAGE_META_KEYS)) {
      expect({
        title: en(`meta.${key}.title`),
        description: en(`meta.${key}.description`),
      }).toEqual(PUBLIC_PAGES[pagePath]);
    }
    const english = publicPageMeta("en");
    const spanish = publicPageMeta("es");
    expect(english).toMatchObject(PUBLIC_PAGES);
    for (const pkg of WEBSITE_PACKAGES) expect(english[pkg.setupRoute]).toEqual(setupPageMeta(pkg));
    expect(Object.keys(spanish)).toEqual(Object.keys(english));
    expect(spanish["/home"]?.title).toBe("El portal para locales sindicales");
    expect(spanish["/union-labor/setup"]?.title).toBe(
      `Configuración del sitio web ${es("catalogue.union-labor.name")}`,
    );
    for (const [pagePath, meta] of Object.entries(spanish))
      expect(meta.title, pagePath).not.toBe(english[pagePath]?.title);
  });

  it("the served page's head in Spanish: title, description, og:locale and lang", () => {
    const shell = `<!doctype html><html lang="en"><head><title>UnionHall</title><meta name="description" content="Default" /></head><body></body></html>`;
    const meta = publicPageMeta("es")["/contact"];
    if (!meta) throw new Error("no /contact");
    const page = withPageMeta(shell, meta, "https://example.org/contact", "es");
    expect(page).toContain("<title>Contactar a ventas · UnionHall</title>");
    expect(page).toContain('<meta property="og:locale" content="es_US" />');
    expect(page).toContain('<html lang="es-US">');
    const english = withPageMeta(
      shell,
      PUBLIC_PAGES["/contact"] ?? meta,
      "https://example.org/contact",
    );
    expect(english).toContain("<title>Contact sales · UnionHall</title>");
    expect(english).toContain('<html lang="en">');
  });
});
