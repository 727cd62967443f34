import { describe, expect, it } from "vitest";
import { CATALOGUES, type Catalogue, NAMESPACES } from "./catalogues.ts";

/**
 * Issue 30: the same thing had two Spanish names on two pages ('N.º de credencial' and
 * 'Número de empleado', 'Lugar de trabajo' and 'Centro de trabajo', 'Delegado sindical' and
 * 'Delegado'). Each glossary term (docs/glossary-es.md) has one Spanish rendering: every
 * Spanish text whose English says the term uses it, and none uses a word the glossary refused.
 */
interface Term {
  /** The English term, as the English catalogues write it. */
  english: RegExp;
  /** What the Spanish of every such text contains. */
  spanish: RegExp;
  /** Words no Spanish text uses for it. */
  refused: RegExp;
  /** Texts where the English word means something else, with the reason. */
  otherSense?: Record<string, string>;
}

const GLOSSARY: Record<string, Term> = {
  "badge number": {
    english: /\bbadge/i,
    spanish: /\bcredencial(es)?\b/i,
    refused: /N\.º|\bgafetes?\b|número de empleado(?! o)/i,
  },
  "location / facility (where a member works)": {
    english: /\b(locations?|facility|facilities)\b/i,
    spanish: /\bcentros? de trabajo\b/i,
    refused: /\blugar(es)? de trabajo\b|\bubicaci[oó]n(es)?\b/i,
    otherSense: {
      "messages:Choose what to group by: month, article, department, location, jobTitle, outcome, step.":
        "names the API's parameter values, which stay as sent",
      "marketing:catalogue.barber-pro.features.3": "a business's own address on its website",
      "marketing:catalogue.local-business.features.0": "a business's own address on its website",
      "marketing:catalogue.local-business.detailedFeatures.0":
        "a business's own address on its website",
      "marketing:catalogue.nonprofit-church.detailedFeatures.1": "a church's places of worship",
    },
  },
  steward: {
    english: /\bstewards?\b/i,
    spanish: /\bdelegad[oa]s?\b/i,
    refused: /\brepresentantes? sindical/i,
  },
};

/**
 * The role's name where it stands alone (a badge, a column, a field): one label everywhere,
 * capitalized as a label or not (within a sentence).
 */
const STEWARD_LABEL = "delegado sindical";

function flatten(catalogue: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

/** Every text: 'namespace:key', its English and its Spanish. */
const TEXTS = NAMESPACES.flatMap((ns) => {
  const spanish = new Map(flatten(CATALOGUES.es[ns]));
  return flatten(CATALOGUES.en[ns]).map(([key, en]) => ({
    id: `${ns}:${key}`,
    en,
    es: spanish.get(key) ?? "",
  }));
});

describe("one Spanish term for each glossary term (issue 30)", () => {
  for (const [name, term] of Object.entries(GLOSSARY)) {
    it(`'${name}'`, () => {
      const uses = TEXTS.filter((x) => term.english.test(x.en) && !term.otherSense?.[x.id]);
      // Positive control: the term is in use, so the check below checks something.
      expect(uses.length).toBeGreaterThan(3);
      const missing = uses.filter((x) => !term.spanish.test(x.es)).map((x) => `${x.id}: ${x.es}`);
      expect(missing).toEqual([]);
      const refused = TEXTS.filter((x) => term.refused.test(x.es) && !term.otherSense?.[x.id]).map(
        (x) => `${x.id}: ${x.es}`,
      );
      expect(refused).toEqual([]);
      // Every reason given for another sense still points at a text that has the word.
      for (const id of Object.keys(term.otherSense ?? {}))
        expect(TEXTS.find((x) => x.id === id)?.en ?? "", id).toMatch(term.english);
    });
  }

  it("names the steward role the same on every page", () => {
    const labels = TEXTS.filter((x) => /^stewards?$/i.test(x.en.trim()));
    expect(labels.length).toBeGreaterThan(3);
    const other = labels.filter((x) => x.es.toLocaleLowerCase("es") !== STEWARD_LABEL);
    expect(other.map((x) => `${x.id}: ${x.es}`)).toEqual([]);
  });

  it("fails on a page that says it another way (negative control)", () => {
    const term = GLOSSARY["badge number"] as Term;
    expect(term.refused.test("N.º de credencial")).toBe(true);
    expect(term.refused.test("Número de empleado")).toBe(true);
    expect(term.refused.test("Número de credencial o de empleado")).toBe(false);
    const place = GLOSSARY["location / facility (where a member works)"] as Term;
    expect(place.refused.test("Lugar de trabajo")).toBe(true);
    expect(place.spanish.test("Centro de trabajo")).toBe(true);
  });
});
