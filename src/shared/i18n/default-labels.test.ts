import { describe, expect, it } from "vitest";
import { lineIn, tOf } from "../../../tests/support/lines.ts";
import { DEFAULT_LISTS } from "../schemas/organizations.ts";
import { defaultProcedure } from "../schemas/procedure.ts";
import {
  ARBITRATION,
  DEFAULT_LIST_ENTRIES,
  type DefaultListName,
  listEntryLabel,
  stepLabel,
  storedStepName,
} from "./default-labels.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages.ts";
import { line } from "./text-lines.ts";

/**
 * The product's defaults are translated until the local renames them (issue 31, decision 039):
 * the default step names and list entries read in every language of the list, anything typed
 * reads as typed, and a default's words in any language are stored as the default.
 */
const LISTS = Object.keys(DEFAULT_LIST_ENTRIES) as DefaultListName[];
const others = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

describe("stepLabel", () => {
  it("reads the default procedure's step names in each language, English as stored", () => {
    const names = defaultProcedure().steps.map((s) => s.name);
    expect(names).toEqual(["Step 1", "Step 2", "Step 3", "Arbitration"]);
    expect(names.map((n) => stepLabel(n, tOf("en")))).toEqual(names);
    expect(names.map((n) => stepLabel(n, tOf("es")))).toEqual([
      "Paso 1",
      "Paso 2",
      "Paso 3",
      "Arbitraje",
    ]);
    expect(names.map((n) => stepLabel(n, tOf("fr-CA")))).toEqual([
      "Étape 1",
      "Étape 2",
      "Étape 3",
      "Arbitrage",
    ]);
    // Every language of the list has words of its own for them (a missing key would fall
    // back to English).
    for (const language of others) {
      for (const n of names) expect(stepLabel(n, tOf(language))).not.toBe(n);
    }
  });

  it("numbers the added steps up to the procedure's ten", () => {
    expect(stepLabel("Step 10", tOf("es"))).toBe("Paso 10");
    expect(stepLabel("Step 4", tOf("fr-CA"))).toBe("Étape 4");
  });

  it("leaves a name the local gave as typed, however close to a default", () => {
    for (const language of LANGUAGES) {
      for (const typed of [
        "Step 11",
        "Step 0",
        "Step 01",
        "step 1",
        "Step 1 ",
        "Step One",
        "Arbitration hearing",
        "arbitration",
        "Informal meeting",
        "Paso 1",
        "",
      ]) {
        expect(stepLabel(typed, tOf(language))).toBe(typed);
      }
    }
  });
});

describe("listEntryLabel", () => {
  it("reads every default entry in each language, English as stored", () => {
    for (const list of LISTS) {
      expect(DEFAULT_LISTS[list]).toEqual(Object.values(DEFAULT_LIST_ENTRIES[list]));
      for (const entry of DEFAULT_LISTS[list]) {
        expect(listEntryLabel(list, entry, tOf("en"))).toBe(entry);
        for (const language of others) {
          const label = listEntryLabel(list, entry, tOf(language));
          expect(label, `${language} ${list}.${entry}`).not.toMatch(/^defaults\./);
          expect(label.trim()).not.toBe("");
        }
      }
    }
    expect(listEntryLabel("departments", "Sales", tOf("es"))).toBe("Ventas");
    expect(listEntryLabel("departments", "Sales", tOf("fr-CA"))).toBe("Ventes");
    expect(listEntryLabel("locations", "Main Office", tOf("fr-CA"))).toBe("Bureau principal");
    expect(listEntryLabel("jobTitles", "Machine Operator", tOf("es"))).toBe("Operador de máquinas");
  });

  it("leaves a typed entry, or one of another list, as typed", () => {
    for (const language of LANGUAGES) {
      expect(listEntryLabel("departments", "Night Shift Packing", tOf(language))).toBe(
        "Night Shift Packing",
      );
      expect(listEntryLabel("departments", "sales", tOf(language))).toBe("sales");
      // 'Main Office' is a location, not a department.
      expect(listEntryLabel("departments", "Main Office", tOf(language))).toBe("Main Office");
    }
  });
});

describe("storedStepName", () => {
  const every = LANGUAGES.map(tOf);
  it("stores a default's words in any language as the default", () => {
    for (const language of LANGUAGES) {
      for (let n = 1; n <= 10; n++) {
        expect(storedStepName(stepLabel(`Step ${n}`, tOf(language)), every)).toBe(`Step ${n}`);
      }
      expect(storedStepName(stepLabel(ARBITRATION, tOf(language)), every)).toBe(ARBITRATION);
    }
  });

  it("stores any other name as typed", () => {
    for (const typed of ["Grievance committee", "Paso 11", "paso 1", "Arbitration hearing"]) {
      expect(storedStepName(typed, every)).toBe(typed);
    }
  });
});

describe("lines name a default step in the reader's words", () => {
  it("an escalation to the default Step 2, and to a step the local named", () => {
    const escalated = line("escalatedTo", { step: { index: 1, name: "Step 2" } });
    expect(lineIn("en")(escalated)).toBe("Escalated to Step 2");
    expect(lineIn("es")(escalated)).toContain("Paso 2");
    expect(lineIn("fr-CA")(escalated)).toContain("Étape 2");
    const named = line("escalatedTo", { step: { index: 1, name: "Labour board" } });
    for (const language of LANGUAGES) expect(lineIn(language)(named)).toContain("Labour board");
  });
});
