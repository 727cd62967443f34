import { describe, expect, it } from "vitest";
import { foldHeader, guessMapping } from "../../lib/imports/columns.ts";
import { ROSTER_SYNONYMS } from "./columns.ts";

describe("roster column headers (issue 29)", () => {
  it("matches the issue's headers whatever their spelling", () => {
    const headers = ["Full Name", "E-mail", "Emp #", "Dept", "Work Location", "Classification"];
    expect(guessMapping(headers, ROSTER_SYNONYMS)).toEqual({
      name: "Full Name",
      email: "E-mail",
      badgeNumber: "Emp #",
      department: "Dept",
      location: "Work Location",
      jobTitle: "Classification",
    });
  });

  it("reads check-off and HR exports, Spanish sheets, and first and last name columns", () => {
    expect(
      guessMapping(
        [
          "EMPLOYEE NO.",
          "Last Name",
          "First Name",
          "Dept.",
          "Site",
          "Job Title",
          "Date of Hire",
          "Cell Phone",
          "Shift",
          "Preferred Language",
        ],
        ROSTER_SYNONYMS,
      ),
    ).toEqual({
      badgeNumber: "EMPLOYEE NO.",
      lastName: "Last Name",
      firstName: "First Name",
      department: "Dept.",
      location: "Site",
      jobTitle: "Job Title",
      hireDate: "Date of Hire",
      phone: "Cell Phone",
      shift: "Shift",
      language: "Preferred Language",
    });
    expect(
      guessMapping(
        [
          "Nombre completo",
          "Correo electrónico",
          "Número de empleado",
          "Departamento",
          "Ubicación",
          "Puesto",
        ],
        ROSTER_SYNONYMS,
      ),
    ).toEqual({
      name: "Nombre completo",
      email: "Correo electrónico",
      badgeNumber: "Número de empleado",
      department: "Departamento",
      location: "Ubicación",
      jobTitle: "Puesto",
    });
  });

  it("leaves unknown headers unmapped and gives each header one field", () => {
    expect(guessMapping(["Dues Amount", "Union Status"], ROSTER_SYNONYMS)).toEqual({});
    const twice = guessMapping(["Name", "Name"], ROSTER_SYNONYMS);
    expect(twice).toEqual({ name: "Name" });
    expect(foldHeader("  Badge Number ")).toBe(foldHeader("badge #"));
  });
});
